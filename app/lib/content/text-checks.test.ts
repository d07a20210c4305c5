import { describe, expect, test } from 'vitest'
import { isAmazonAddress, typedPrices } from './text-checks.ts'

// What a text may not send out (docs/decisions/077): prices typed in it, links straight to Amazon.

describe('typedPrices', () => {
  test.each([
    ['Only $12.99 today', '$12.99'],
    ['Only $ 12 today', '$ 12'],
    ['A pack is US$12.', '$12'],
    ['About $45-60', '$45'],
    ['A box for $1,299.00, shipped', '$1,299.00'],
    ['Ten for £9.99.', '£9.99'],
    ['Zehn für €9,99', '€9,99'],
    ['Zehn für 9,99 €', '9,99 €'],
    ['¥1500 in Japan', '¥1500'],
    ['Priced USD 12.99 there', 'USD 12.99'],
    ['Priced 12.99 USD there', '12.99 USD'],
    ['Priced 12.99EUR there', '12.99EUR'],
    ['`$5` in code', '$5'],
  ])('%j holds the price %j', (text, price) => {
    const [found] = typedPrices(text)
    expect(found).toEqual({ index: text.indexOf(price), price })
  })

  test.each([
    ['a variable', 'echo $HOME and $PATH'],
    ['dimensions', 'A 2 x 3 box, 7.25 x 10.5 in'],
    ['a sum in words', 'Under 20 dollars'],
    ['a code in a word', 'USDC 12 and 12 USDA'],
    ['a sign alone', 'Save $$$ and €'],
    ['a year and a count', 'In 1938, 300 books'],
  ])('%s is no price', (_what, text) => {
    expect(typedPrices(text)).toEqual([])
  })

  test('each of several prices, where it starts', () => {
    expect(typedPrices('$5 or £6, or 7 EUR.')).toEqual([
      { index: 0, price: '$5' },
      { index: 6, price: '£6' },
      { index: 13, price: '7 EUR' },
    ])
  })

  // A pattern that backtracks would take minutes on a megabyte of these; linear, each takes milliseconds.
  test.each([
    ['signs', '$'.repeat(1_000_000)],
    ['digits', '1'.repeat(1_000_000)],
    ['digits and commas', '1,'.repeat(500_000)],
    ['a number before spaces', `1${' '.repeat(1_000_000)}`],
    ['codes', 'USD'.repeat(330_000)],
  ])('a megabyte of %s is read in linear time', (_what, text) => {
    const started = performance.now()
    expect(typedPrices(text)).toEqual([])
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe('isAmazonAddress', () => {
  test.each([
    'https://www.amazon.com/dp/B000000001',
    'http://amazon.com/dp/B000000001?tag=x-20',
    'https://smile.amazon.com/gp/product/B000000001',
    'https://www.amazon.co.uk/dp/B000000001',
    'https://www.amazon.com.au/dp/B000000001',
    'https://AMAZON.DE/dp/B000000001',
    'https://www.amazon.com./dp/B000000001',
    'https://amzn.to/3xYz',
    'https://www.amzn.to/3xYz',
    'https://amzn.eu/d/abc',
    'https://a.co/d/abc',
    'https://amzn.com/B000000001',
  ])('%s goes to Amazon', (url) => {
    expect(isAmazonAddress(url)).toBe(true)
  })

  test.each([
    '/go/B000000001',
    '#amazon',
    'mailto:amazon.com@example.com',
    'https://example.com/amazon.com',
    'https://notamazon.com/x',
    'https://amazon.example.com/x',
    'https://m.media-amazon.com/images/I/x.jpg',
    'https://s3.amazonaws.com/bucket/x.png',
    'https://ba.co/x',
    'not a url',
  ])('%s does not', (url) => {
    expect(isAmazonAddress(url)).toBe(false)
  })

  test('a host of a megabyte of labels is read in linear time', () => {
    const started = performance.now()
    expect(isAmazonAddress(`https://${'amazon.'.repeat(150_000)}com/x`)).toBe(true)
    expect(isAmazonAddress(`https://${'amazon.'.repeat(150_000)}example/x`)).toBe(false)
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})
