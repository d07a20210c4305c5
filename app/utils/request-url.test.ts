import { expect, test } from 'vitest'
import { requestUrl } from './request-url.ts'

const url = (address: string) => requestUrl(new Request(address))

test('the query comes without NUL, in names and values', () => {
  const read = url('http://localhost/admin/media?q=a%00b&fol%00der=1&q=%00')
  expect([...read.searchParams]).toEqual([
    ['q', 'ab'],
    ['folder', '1'],
    ['q', ''],
  ])
  expect(read.pathname).toBe('/admin/media')
})

test('an address without NUL is read as it came', () => {
  expect(url('http://localhost/search?q=mylar+bags&page=2').search).toBe('?q=mylar+bags&page=2')
})
