import { describe, expect, test } from 'vitest'
import { slugify } from './slug.ts'

describe('slugify', () => {
  test.each([
    ['Mylar Sleeves', 'mylar-sleeves'],
    ['  Short   Boxes  ', 'short-boxes'],
    ['Bags & Boards (Modern)', 'bags-boards-modern'],
    ['--Golden_Age--', 'golden-age'],
    ['CGC 9.8 Slabs', 'cgc-9-8-slabs'],
    ['Café Crème', 'caf-cr-me'],
    ['abc123', 'abc123'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug)
  })

  test('a name without letters or digits gives an empty slug', () => {
    expect(slugify('!!!')).toBe('')
    expect(slugify('   ')).toBe('')
  })

  test('every non-empty slug matches the database CHECK', () => {
    for (const name of ['a', 'A-B', 'x!!y??z', '   1 2 3 ', 'Ünïcödé Ñame']) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    }
  })
})
