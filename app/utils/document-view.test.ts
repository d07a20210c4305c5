import { expect, test } from 'vitest'
import { packEmbeds, unpackEmbeds, type ResolvedEmbed } from './document-view.ts'

// The embeds travel packed (docs/decisions/069): what a browser unpacks is what the server drew.

const embeds: ResolvedEmbed[] = [
  {
    name: 'product',
    card: {
      asin: 'B000000001',
      title: 'Sleeves "Golden" <50>',
      image_url: null,
      rating: 4.5,
      review_count: 12,
      price: { current: true, formatted: '$9.99' },
      unitPrice: { formatted: '$0.20', per: 'sleeve' },
    },
    asOf: 'Nov 22, 2026, 3:15 AM EST',
  },
  { name: 'price', asin: 'B000000002', price: { current: false }, asOf: null },
  { name: 'missing', of: 'products', reason: '' },
]

test('the server draws from what it packed; a browser parses the same', () => {
  const packed = packEmbeds(embeds)
  expect(unpackEmbeds(packed)).toBe(embeds)
  // A browser has packed nothing: the same string parses to an equal value.
  expect(unpackEmbeds(` ${packed}`)).toEqual(embeds)
})

test('only the latest pages are kept; older ones are parsed again, equal', () => {
  const first = packEmbeds(embeds)
  for (let page = 0; page < 40; page++) packEmbeds([{ name: 'buy', asin: `B0000000${String(page).padStart(2, '0')}` }])
  const again = unpackEmbeds(first)
  expect(again).not.toBe(embeds)
  expect(again).toEqual(embeds)
})
