// What a text may not send out (docs/decisions/077): a price typed in it, which goes stale, and a link straight to
// Amazon, which skips /go/. Both read text that can be a megabyte long, so neither may backtrack: each pattern
// below tries a bounded number of characters at each place, or starts only where a number starts.

const CODES = 'USD|EUR|GBP|CAD|AUD'

/**
 * A currency sign or code next to a number: "$12.99", "$ 12", "US$12", "£9.99", "€9,99", "USD 12.99",
 * "12.99 USD", "9,99 €". "$HOME", "2 x 3" and a number in words ("20 dollars") are not prices here.
 */
const PRICE = new RegExp(
  [
    `[$£€¥] ?\\d[\\d,.]*`,
    `\\b(?:${CODES}) ?\\d[\\d,.]*`,
    // Starts only where a number starts, so that a long run of digits is walked once, not from each of them.
    `(?<![\\d,.])\\d[\\d,.]* ?(?:[£€]|(?:${CODES})\\b)`,
  ].join('|'),
  'g',
)

/** The prices typed in a text, where each starts in it, without the full stop or comma after it. */
export function typedPrices(text: string): Array<{ index: number; price: string }> {
  return [...text.matchAll(PRICE)].map((match) => ({ index: match.index, price: match[0].replace(/[.,]$/, '') }))
}

export const typedPriceMessage = (price: string) =>
  `"${price}" is a price typed in the text: it goes stale. Use :price{asin="…"}, which shows the price with its time.`

// Each of two labels, so a host is checked by its last two (www.amzn.to is amzn.to).
const SHORTENERS = new Set(['amzn.to', 'amzn.com', 'amzn.eu', 'amzn.asia', 'a.co'])
const TLD_PART = /^[a-z]{2,3}$/

/**
 * Whether an address goes to one of Amazon's stores (amazon.com, www.amazon.co.uk, smile.amazon.de…) or through
 * its link shorteners (amzn.to, a.co…). Addresses on this site and mailto: are not.
 */
export function isAmazonAddress(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.replace(/\.$/, '')
  } catch {
    return false
  }
  const labels = host.split('.')
  if (SHORTENERS.has(labels.slice(-2).join('.'))) return true
  const store = labels.lastIndexOf('amazon')
  const tld = labels.slice(store + 1)
  return store >= 0 && (tld.length === 1 || tld.length === 2) && tld.every((label) => TLD_PART.test(label))
}

export const amazonLinkMessage = (url: string) =>
  `The link "${url.slice(0, 80)}" goes straight to Amazon: use :buy[…]{asin="…"} or a product box, which go through /go/.`

export const imageNotInLibraryMessage = (url: string) =>
  `The image "${url.slice(0, 80)}" is not in the media library: upload it under Media and paste the address its page shows.`
