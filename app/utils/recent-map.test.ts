import { expect, test } from 'vitest'
import { RecentMap } from './recent-map.ts'

test('keeps the entries set most recently, forgetting the one set first', () => {
  const map = new RecentMap<string, number>(2)
  map.set('a', 1).set('b', 2)
  expect(map.get('a')).toBe(1) // reading refreshes nothing
  map.set('c', 3)
  expect([...map.keys()]).toEqual(['b', 'c'])
})

test('remember makes a value once, while it is kept', () => {
  const map = new RecentMap<string, string>(1)
  let made = 0
  const make = (value: string) => () => (made++, value)
  expect(map.remember('a', make('first'))).toBe('first')
  expect(map.remember('a', make('second'))).toBe('first')
  expect(made).toBe(1)
  map.remember('b', make('other'))
  expect(map.remember('a', make('again'))).toBe('again')
  expect(made).toBe(3)
})
