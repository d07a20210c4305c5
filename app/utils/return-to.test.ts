import { describe, expect, test } from 'vitest'
import { safeAdminPath, sameSitePath, withImages } from './return-to.ts'

describe('safeAdminPath', () => {
  test.each(['/admin', '/admin/products/12', '/admin/products/12?tab=content'])('keeps %s', (path) => {
    expect(safeAdminPath(path)).toBe(path)
  })

  test.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin\\..\\..\\x',
    '/administrator',
    '/admin/../go/B000',
    '/products',
    'javascript:alert(1)',
  ])('refuses %s', (path) => {
    expect(safeAdminPath(path)).toBeNull()
  })
})

describe('sameSitePath', () => {
  test.each(['/', '/category/bags?sort=rating', '/search?q=mylar%20bags'])('keeps %s', (path) => {
    expect(sameSitePath(path)).toBe(path)
  })

  test('writes what a Location header cannot carry as the URL parser does', () => {
    expect(sameSitePath('/\r\nSet-Cookie: x=1')).toBe('/Set-Cookie:%20x=1')
    expect(sameSitePath('/café?q=\u2028é')).toBe('/caf%C3%A9?q=%E2%80%A8%C3%A9')
  })

  test.each([null, 42, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/\n/evil.example'])(
    'refuses %s',
    (path) => {
      expect(sameSitePath(path)).toBeNull()
    },
  )
})

test('withImages appends each URL and replaces earlier ones', () => {
  expect(withImages('/admin/products/3?tab=content&images=old', ['http://a/1.png', 'http://a/2.webp'])).toBe(
    '/admin/products/3?tab=content&images=http%3A%2F%2Fa%2F1.png&images=http%3A%2F%2Fa%2F2.webp',
  )
})
