import { describe, expect, test } from 'vitest'
import { sourcePath, SOURCE_PATH_MAX } from './source-path.ts'

const OWN = ['https://shop.example', 'http://localhost:3000']

describe('sourcePath', () => {
  test('a page of the site: its path, without query or fragment', () => {
    expect(sourcePath('https://shop.example/product/B0ABCDEFGH?ref=x#reviews', OWN)).toBe('/product/B0ABCDEFGH')
    expect(sourcePath('http://localhost:3000/', OWN)).toBe('/')
    expect(sourcePath('https://shop.example/search?q=private+words', OWN)).toBe('/search')
  })

  test('another site, another scheme or port, a missing or malformed header: unknown', () => {
    for (const referrer of [
      'https://evil.example/product/B0ABCDEFGH',
      'http://shop.example/',
      'https://shop.example:8443/',
      'https://shop.example.evil.example/',
      'not a url',
      '',
      null,
    ]) {
      expect(sourcePath(referrer, OWN), String(referrer)).toBeNull()
    }
  })

  test('a very long path is cut to what the column keeps', () => {
    const path = sourcePath(`https://shop.example/${'a'.repeat(1000)}`, OWN)
    expect(path).toHaveLength(SOURCE_PATH_MAX)
    expect(path!.startsWith('/aaa')).toBe(true)
  })
})
