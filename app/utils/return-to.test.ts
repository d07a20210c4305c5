import { describe, expect, test } from 'vitest'
import { safeAdminPath, withImages } from './return-to.ts'

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

test('withImages appends each URL and replaces earlier ones', () => {
  expect(withImages('/admin/products/3?tab=content&images=old', ['http://a/1.png', 'http://a/2.webp'])).toBe(
    '/admin/products/3?tab=content&images=http%3A%2F%2Fa%2F1.png&images=http%3A%2F%2Fa%2F2.webp',
  )
})
