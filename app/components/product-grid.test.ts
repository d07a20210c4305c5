import { expect, test } from 'vitest'
import { titlesAlikeWhenClamped } from './product-grid.tsx'

test('titles that differ only past what a clamped card shows are both shown whole', () => {
  const titles = [
    'BCW Short Comic Book Storage Box (5 pack)',
    'BCW Short Comic Book Storage Box (single)',
    'BCW Long Comic Book Storage Box',
    'Mylar Sleeves',
    'Mylar Sleeves',
  ]
  expect(titlesAlikeWhenClamped(titles.map((title) => ({ title })))).toEqual(
    new Set(['BCW Short Comic Book Storage Box (5 pack)', 'BCW Short Comic Book Storage Box (single)']),
  )
})
