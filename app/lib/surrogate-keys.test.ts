import { describe, expect, test } from 'vitest'
import { EVERY_PAGE, pageTags, productChanged } from './page-tags.ts'
import { pageKeys, purgeKeys } from './surrogate-keys.ts'

describe('surrogate keys', () => {
  test('a page carries its tags and `all`; a page the map does not know carries `untagged`', () => {
    expect(pageKeys(pageTags('/product/B0ABC'))).toBe('product:B0ABC all')
    expect(pageKeys(pageTags('/guides/bags-101'))).toBe('content catalogue all')
    expect(pageKeys(pageTags('/category/bags.data'))).toBe('category:bags all')
    expect(pageKeys(pageTags('/no-such-page'))).toBe('untagged all')
  })

  test('a write purges the keys of the pages it touched and the untagged ones; "everything" purges `all`', () => {
    expect(purgeKeys(productChanged('B0ABC', ['bags', 'bags']))).toBe(
      'product:B0ABC category:bags search catalogue site untagged',
    )
    expect(purgeKeys(EVERY_PAGE)).toBe('all')
  })

  test('a page and the write that changes it share a key', () => {
    const page = pageKeys(pageTags('/category/bags')).split(' ')
    const purged = purgeKeys(productChanged('B0ABC', ['bags'])).split(' ')
    expect(page.filter((key) => purged.includes(key))).toEqual(['category:bags'])
  })

  test('a tag with a space or comma in it stays one key, the same on both sides', () => {
    const keys = pageKeys(pageTags('/product/a%20b,c'))
    expect(keys).toBe('product%3Aa%20b%2Cc all')
    expect(purgeKeys(['product:a b,c'])).toBe('product%3Aa%20b%2Cc untagged')
  })
})
