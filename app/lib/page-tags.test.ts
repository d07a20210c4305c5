import { describe, expect, test } from 'vitest'
import { pageTags, productChanged } from './page-tags.ts'

describe('pageTags', () => {
  test.each([
    ['/product/B000000001', ['product:B000000001']],
    ['/reviews/B000000001', ['product:B000000001']],
    ['/category/mylar-sleeves', ['category:mylar-sleeves']],
    ['/search', ['search']],
    ['/', ['site']],
    ['/sitemap.xml', ['site']],
    ['/sitemaps/products-1.xml', ['site']],
    ['/about', ['content', 'catalogue']],
    ['/guides', ['content', 'catalogue']],
    ['/guides/how-to-store-comics', ['content', 'catalogue']],
    ['/guides/feed.xml', ['content', 'catalogue']],
    ['/compare-sleeves', ['content', 'catalogue']],
    ['/fit', ['catalogue']],
    ['/compare', ['catalogue']],
    ['/compare/mylar-sleeves', ['catalogue']],
    ['/Compare/a%20b.data', ['catalogue']],
    ['/starter-kits', ['content', 'catalogue']],
    ['/robots.txt', ['info']],
  ])('%s → %j', (path, tags) => {
    expect(pageTags(path)).toEqual(tags)
  })

  test.each([
    // Remix matches literal segments in any case, decodes parameters and ignores trailing slashes.
    ['/Product/B000000001', ['product:B000000001']],
    ['/product/%42000000001', ['product:B000000001']],
    ['/product/B000000001//', ['product:B000000001']],
    ['/CATEGORY/mylar-sleeves/', ['category:mylar-sleeves']],
    ['/About/', ['content', 'catalogue']],
    // Single fetch loads a page's data from the same address with `.data`.
    ['/product/B000000001.data', ['product:B000000001']],
    ['/category/mylar-sleeves.data', ['category:mylar-sleeves']],
    ['/search.data', ['search']],
    ['/_root.data', ['site']],
  ])('the same page at another address: %s → %j', (path, tags) => {
    expect(pageTags(path)).toEqual(tags)
  })

  test.each(['/product/B000000001/extra', '/product//B000000001', '/__manifest', '/product/%E0%A4%A', '/x/y'])(
    'an address this map does not know (%s) is dropped by every write',
    (path) => {
      expect(pageTags(path)).toBe('*')
    },
  )
})

test('a product change names its pages, its categories before and after, search and the site-wide lists', () => {
  expect(productChanged('B000000001', ['bags', 'boxes', 'bags'])).toEqual([
    'product:B000000001',
    'category:bags',
    'category:boxes',
    'search',
    'catalogue',
    'site',
  ])
  expect(productChanged('B000000001', [])).toEqual(['product:B000000001', 'search', 'catalogue', 'site'])
})
