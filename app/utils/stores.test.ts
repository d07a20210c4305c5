import { describe, expect, test } from 'vitest'
import {
  chooseStore,
  languageRegions,
  parseAffiliateTags,
  storeOfCountry,
  storeProductUrl,
  storeSearchUrl,
  visitorCountry,
} from './stores.ts'

const enrolled = parseAffiliateTags('US:comicvault-20,UK:comicvault-21,DE:comicvault0e-21,CA:comicvault0c-20', 'x-20')
const none = { chosen: null, proxyCountry: null, acceptLanguage: null }

describe('parseAffiliateTags', () => {
  test('each store with its tag; the US tag from AFFILIATE_TAG unless listed', () => {
    expect([...enrolled]).toEqual([
      ['US', 'comicvault-20'],
      ['UK', 'comicvault-21'],
      ['DE', 'comicvault0e-21'],
      ['CA', 'comicvault0c-20'],
    ])
    expect([...parseAffiliateTags(undefined, 'comicvault-20')]).toEqual([['US', 'comicvault-20']])
  })

  test('no tag set: the US store is still there, untagged; a listed one is its tag', () => {
    expect([...parseAffiliateTags(undefined, undefined)]).toEqual([['US', null]])
    expect([...parseAffiliateTags('UK:shop-21', undefined)]).toEqual([
      ['US', null],
      ['UK', 'shop-21'],
    ])
    expect([...parseAffiliateTags('US:shop-20', undefined)]).toEqual([['US', 'shop-20']])
  })

  test('an entry without a tag, an unknown store or a malformed tag is left out, never an error', () => {
    const tags = parseAffiliateTags('UK:, ZZ:zz-21, FR:bad tag, gb:shop-21,,:x', 'comicvault-20')
    expect([...tags]).toEqual([
      ['US', 'comicvault-20'],
      ['UK', 'shop-21'],
    ])
  })
})

describe('storeOfCountry', () => {
  test("ISO codes, with the countries whose nearest store is another's", () => {
    expect(storeOfCountry('gb')).toBe('UK')
    expect(storeOfCountry('IE')).toBe('UK')
    expect(storeOfCountry('AT')).toBe('DE')
    expect(storeOfCountry('CA')).toBe('CA')
    expect(storeOfCountry('XX')).toBeNull()
    expect(storeOfCountry('USA')).toBeNull()
    expect(storeOfCountry('')).toBeNull()
  })
})

describe('languageRegions', () => {
  test('regions by preference; languages without one are skipped', () => {
    expect(languageRegions('en-GB,en;q=0.8,de-AT;q=0.5')).toEqual(['GB', 'AT'])
    expect(languageRegions('de;q=0.9, fr-CA;q=0.95, en-US;q=0.1')).toEqual(['CA', 'US'])
    expect(languageRegions('en-GB;q=0')).toEqual([])
    expect(languageRegions(null)).toEqual([])
    expect(languageRegions('garbage,,;;q=abc')).toEqual([])
  })
})

describe('chooseStore', () => {
  test('the chooser wins, then the proxy, then the languages, then the default', () => {
    const all = { chosen: 'DE', proxyCountry: 'GB', acceptLanguage: 'fr-CA' }
    expect(chooseStore(enrolled, all)).toBe('DE')
    expect(chooseStore(enrolled, { ...all, chosen: null })).toBe('UK')
    expect(chooseStore(enrolled, { ...all, chosen: null, proxyCountry: null })).toBe('CA')
    expect(chooseStore(enrolled, none)).toBe('US')
  })

  test('a country without an enrolled store falls through; the languages are tried in order', () => {
    expect(chooseStore(enrolled, { ...none, proxyCountry: 'FR', acceptLanguage: 'fr-FR,de-AT;q=0.5' })).toBe('DE')
    expect(chooseStore(enrolled, { ...none, proxyCountry: 'JP' })).toBe('US')
  })

  test('a forged or unknown choice is the default store, not a fall-through', () => {
    expect(chooseStore(enrolled, { ...none, chosen: 'FR', proxyCountry: 'GB' })).toBe('US')
    expect(chooseStore(enrolled, { ...none, chosen: '<script>', proxyCountry: 'GB' })).toBe('US')
  })
})

describe('visitorCountry', () => {
  test('the proxy’s country first, whatever the languages say', () => {
    expect(visitorCountry(enrolled, { proxyCountry: 'fr', acceptLanguage: 'en-GB' })).toBe('FR')
  })

  test('else the region of the languages that chose an enrolled store, else the most preferred region', () => {
    expect(visitorCountry(enrolled, { proxyCountry: null, acceptLanguage: 'fr-FR,en-GB;q=0.5' })).toBe('GB')
    expect(visitorCountry(enrolled, { proxyCountry: null, acceptLanguage: 'fr-FR,pt-BR;q=0.5' })).toBe('FR')
  })

  test('nothing real to go on: unknown, never a made-up code', () => {
    expect(visitorCountry(enrolled, { proxyCountry: null, acceptLanguage: null })).toBeNull()
    expect(visitorCountry(enrolled, { proxyCountry: 'XX', acceptLanguage: 'en' })).toBeNull()
    expect(visitorCountry(enrolled, { proxyCountry: '<script>', acceptLanguage: 'de-AT' })).toBe('AT')
  })
})

describe('addresses in a store', () => {
  test("a product's page on the store's own host", () => {
    expect(storeProductUrl('UK', 'B000000001').toString()).toBe('https://www.amazon.co.uk/dp/B000000001')
    expect(storeProductUrl('JP', 'B000000001').toString()).toBe('https://www.amazon.co.jp/dp/B000000001')
    // An unknown code is the default store's, never a host built from the code.
    expect(storeProductUrl('evil.example', 'B000000001').host).toBe('www.amazon.com')
  })

  test("a search for the product's brand and title", () => {
    const url = storeSearchUrl('DE', { brand: 'BCW', title: 'Mylar Sleeves (50)' })
    expect(url.origin + url.pathname).toBe('https://www.amazon.de/s')
    expect(url.searchParams.get('k')).toBe('BCW Mylar Sleeves (50)')
  })
})
