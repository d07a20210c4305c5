import { describe, expect, test } from 'vitest'
import { goHref, placementOfPath } from '#app/utils/placements.ts'
import { placementOf } from './placement.server.ts'

describe('the placement of one of our pages, by its path', () => {
  test.each([
    ['/', 'home', null],
    ['/category/mylar-sleeves', 'category', null],
    ['/product/B073TEQUFH', 'product', null],
    ['/search', 'search', null],
    ['/compare', 'comparison', null],
    ['/compare/golden-age-sleeves', 'comparison', null],
    ['/compare-sleeves', 'comparison', null],
    ['/fit', 'fit-finder', null],
    ['/guides/bag-and-board-a-golden-age-run', 'guide', 'bag-and-board-a-golden-age-run'],
    ['/guides/caf%C3%A9', 'guide', 'café'],
  ])('%s is %s', (path, placement, guideSlug) => {
    expect(placementOfPath(path)).toEqual({ placement, guideSlug })
  })

  test.each([
    '/guides',
    '/guides/',
    '/about',
    '/starter-kits',
    '/category',
    '/searching',
    '/fitting',
    '/go/B073TEQUFH',
  ])('%s is no placement', (path) => expect(placementOfPath(path)).toBeNull())

  test('a guide path that cannot be decoded is still a guide, of no known slug', () => {
    expect(placementOfPath('/guides/%E0%A4%A')).toEqual({ placement: 'guide', guideSlug: null })
  })
})

describe('a /go/ link names the placement of the page it is on', () => {
  test('by the page’s path only, so a cached page is the same for everyone', () => {
    expect(goHref('B073TEQUFH', '/guides/some-guide')).toBe('/go/B073TEQUFH?from=guide')
    expect(goHref('B073TEQUFH', '/compare/golden-age-sleeves')).toBe('/go/B073TEQUFH?from=comparison')
    expect(goHref('B073TEQUFH', '/fit')).toBe('/go/B073TEQUFH?from=fit-finder')
  })

  test('a page that is no placement links as before', () => {
    expect(goHref('B073TEQUFH', '/starter-kits')).toBe('/go/B073TEQUFH')
  })
})

describe('placementOf: the link’s marker, else the source page', () => {
  test('the marker names the placement', () => {
    expect(placementOf('search', '/product/B073TEQUFH')).toEqual({ placement: 'search', guideSlug: null })
    expect(placementOf('fit-finder', null)).toEqual({ placement: 'fit-finder', guideSlug: null })
  })

  test('a guide’s slug comes from the source page when the marker says guide', () => {
    expect(placementOf('guide', '/guides/a-guide')).toEqual({ placement: 'guide', guideSlug: 'a-guide' })
    // Without the page (no Referer), the guide is not known: all guides.
    expect(placementOf('guide', null)).toEqual({ placement: 'guide', guideSlug: null })
  })

  test('a marker that says otherwise than the page never borrows its guide', () => {
    expect(placementOf('home', '/guides/a-guide')).toEqual({ placement: 'home', guideSlug: null })
  })

  test('without a marker, the source page', () => {
    expect(placementOf(null, '/category/mylar-sleeves')).toEqual({ placement: 'category', guideSlug: null })
    expect(placementOf(null, '/guides/a-guide')).toEqual({ placement: 'guide', guideSlug: 'a-guide' })
    expect(placementOf(null, '/about')).toBeNull()
    expect(placementOf(null, null)).toBeNull()
  })

  test.each([
    'comicvault-20',
    'guide:other-guide',
    'guides',
    'HOME',
    ' home',
    '<script>',
    '',
    'constructor',
    '__proto__',
    'toString',
  ])('a forged or unknown marker (%j) is ignored: the source page decides', (marker) => {
    expect(placementOf(marker, '/product/B073TEQUFH')).toEqual({ placement: 'product', guideSlug: null })
    expect(placementOf(marker, null)).toBeNull()
  })
})
