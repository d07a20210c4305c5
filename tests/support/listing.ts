import { expect } from 'vitest'

// Checks shared by the storefront's paged listings (category and search pages, 24 products a page).

interface ListingPage {
  total: number
  pageCount: number
  products: Array<{ asin: string }>
}

/** Two pages of one listing: the same total and page count on both, 24 then the rest, together in `order`. */
export function expectTwoPages(first: ListingPage, second: ListingPage, order: string[]): void {
  for (const page of [first, second]) {
    expect(page.total).toBe(order.length)
    expect(page.pageCount).toBe(2)
  }
  expect(first.products).toHaveLength(24)
  expect(second.products).toHaveLength(order.length - 24)
  expect([...first.products, ...second.products].map((product) => product.asin)).toEqual(order)
}
