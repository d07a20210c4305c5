import { describe, expect, test } from 'vitest'
import { isAmazonHost, normaliseAffiliateUrl, outboundUrl } from './affiliate.ts'

const options = { tag: 'comicvault-20', siteHost: 'shop.example.com' }

const product = { asin: 'B000000001', brand: 'BCW', title: 'Mylar Sleeves (50)', marketplaces: [] }

describe('affiliate URLs', () => {
  test('recognises Amazon hosts and nothing that merely contains the word', () => {
    expect(isAmazonHost('www.amazon.com')).toBe(true)
    expect(isAmazonHost('amazon.co.uk')).toBe(true)
    expect(isAmazonHost('smile.amazon.de')).toBe(true)
    expect(isAmazonHost('amazon.com.evil.example')).toBe(false)
    expect(isAmazonHost('notamazon.com')).toBe(false)
  })

  test('replaces a foreign tag, adds a missing one, keeps other parameters', () => {
    expect(normaliseAffiliateUrl('https://www.amazon.com/dp/B000000001?tag=someone-20&th=1', 'comicvault-20')).toBe(
      'https://www.amazon.com/dp/B000000001?th=1&tag=comicvault-20',
    )
    expect(normaliseAffiliateUrl('https://www.amazon.com/dp/B000000001', 'comicvault-20')).toBe(
      'https://www.amazon.com/dp/B000000001?tag=comicvault-20',
    )
    expect(normaliseAffiliateUrl('https://example.com/p?tag=keep', 'comicvault-20')).toBe(
      'https://example.com/p?tag=keep',
    )
  })

  test('no tag of ours: any tag on an Amazon URL is removed, none added; other URLs are left alone', () => {
    expect(normaliseAffiliateUrl('https://www.amazon.com/dp/B000000001?tag=someone-20&th=1', null)).toBe(
      'https://www.amazon.com/dp/B000000001?th=1',
    )
    expect(normaliseAffiliateUrl('https://www.amazon.com/dp/B000000001', null)).toBe(
      'https://www.amazon.com/dp/B000000001',
    )
    expect(normaliseAffiliateUrl('https://example.com/p?tag=keep', null)).toBe('https://example.com/p?tag=keep')
    const url = new URL(
      outboundUrl(
        { ...product, affiliate_url: 'https://amazon.com/dp/B000000001?tag=x-21' },
        { ...options, tag: null },
      ),
    )
    expect(url.searchParams.has('tag')).toBe(false)
    expect(url.searchParams.get('utm_source')).toBe('shop.example.com')
  })

  test('outbound URLs carry the tag and the utm parameters', () => {
    const url = new URL(
      outboundUrl({ ...product, affiliate_url: 'https://amazon.com/dp/B000000001?tag=x-21' }, options),
    )
    expect(url.searchParams.get('tag')).toBe('comicvault-20')
    expect(url.searchParams.getAll('tag')).toHaveLength(1)
    expect(url.searchParams.get('utm_source')).toBe('shop.example.com')
    expect(url.searchParams.get('utm_medium')).toBe('affiliate')
    expect(url.searchParams.get('utm_campaign')).toBe('product_page')
  })

  test('a missing or unusable stored URL falls back to the Amazon product page', () => {
    for (const stored of [null, '', 'not a url', 'javascript:alert(1)', 'data:text/html,hi']) {
      const url = new URL(outboundUrl({ ...product, affiliate_url: stored }, options))
      expect(url.origin + url.pathname).toBe('https://www.amazon.com/dp/B000000001')
      expect(url.searchParams.get('tag')).toBe('comicvault-20')
    }
  })

  test("another store that sells it: the product's page there, with that store's tag and our utm", () => {
    const url = new URL(
      outboundUrl(
        { ...product, affiliate_url: 'https://www.amazon.com/dp/B000000001?tag=x-21', marketplaces: ['DE', 'UK'] },
        { tag: 'comicvault-21', siteHost: 'shop.example.com', store: 'UK' },
      ),
    )
    expect(url.origin + url.pathname).toBe('https://www.amazon.co.uk/dp/B000000001')
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-21'])
    expect(url.searchParams.get('utm_source')).toBe('shop.example.com')
    expect(url.searchParams.get('utm_medium')).toBe('affiliate')
    expect(url.searchParams.get('utm_campaign')).toBe('product_page')
    // The stored URL's other parameters belong to the US page: none of them come along.
    expect([...url.searchParams.keys()].sort()).toEqual(['tag', 'utm_campaign', 'utm_medium', 'utm_source'])
  })

  test('the default store keeps the stored URL whatever other stores sell it', () => {
    const url = new URL(
      outboundUrl(
        { ...product, affiliate_url: 'https://www.amazon.com/dp/B000000001?th=1', marketplaces: ['UK'] },
        { ...options, store: 'US' },
      ),
    )
    expect(url.origin + url.pathname).toBe('https://www.amazon.com/dp/B000000001')
    expect(url.searchParams.get('th')).toBe('1')
  })

  test("another store: its search for the product's brand and title, with that store's tag and our utm", () => {
    const url = new URL(
      outboundUrl(
        { ...product, affiliate_url: 'https://www.amazon.com/dp/B000000001?tag=x-21', marketplaces: ['DE'] },
        { tag: 'comicvault-21', siteHost: 'shop.example.com', store: 'UK' },
      ),
    )
    expect(url.origin + url.pathname).toBe('https://www.amazon.co.uk/s')
    expect(url.searchParams.get('k')).toBe('BCW Mylar Sleeves (50)')
    expect(url.searchParams.getAll('tag')).toEqual(['comicvault-21'])
    expect(url.searchParams.get('utm_medium')).toBe('affiliate')
  })
})
