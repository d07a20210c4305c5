import { expect, type Locator, type Page } from '@playwright/test'
import { categories } from '#db/seed-data/categories.ts'
import { products, type SeedProduct } from '#db/seed-data/products.ts'
import { reviews } from '#db/seed-data/reviews.ts'
import { isJsProject } from './hydration.ts'

// Helpers for the storefront specs: what the seed (db/seed-data, loaded into the e2e database by
// tests/support/e2e-server.ts) put in the catalogue, and how to read product cards off a page.

const allSeedProducts: readonly SeedProduct[] = products

/** A product the seed created, by ASIN; throws if the seed no longer has it (so the spec fails loudly). */
export function seedProduct(asin: string): SeedProduct {
  const product = allSeedProducts.find((p) => p.asin === asin)
  if (!product) throw new Error(`db/seed-data/products.json has no product ${asin}`)
  return product
}

/** Every category the seed created. */
export function seedCategories(): typeof categories {
  return categories
}

/** Every product the seed created, hidden ones included. */
export function seedProducts(): readonly SeedProduct[] {
  return allSeedProducts
}

/** The visible (not soft-hidden) products of a seeded category. */
export function visibleSeedProducts(categorySlug: string): SeedProduct[] {
  if (!categories.some((c) => c.slug === categorySlug)) throw new Error(`no seeded category ${categorySlug}`)
  return allSeedProducts.filter((p) => p.category === categorySlug && !p.soft_hidden)
}

/** The soft-hidden products of the seed. */
export function hiddenSeedProducts(): SeedProduct[] {
  return allSeedProducts.filter((p) => p.soft_hidden)
}

/** The seed's APPROVED reviews of a product (only those are ever shown). */
export function approvedSeedReviews(asin: string) {
  return reviews.filter((r) => r.asin === asin && r.status === 'APPROVED')
}

/** The price a visitor sees: a manual price overrides the API price (SPEC §1). */
export function effectivePrice(product: SeedProduct): number {
  return product.manual_price ?? product.price
}

/** "$1,234.50" → 1234.5 */
export function parsePrice(text: string): number {
  return Number(text.replace(/[$,\s]/g, ''))
}

/** Every product card (an <article>) inside part of the page. */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole('article')
}

/** The card's price as a number, read from its "$12.34" text. */
export async function cardPrice(card: Locator): Promise<number> {
  const text = await card.getByText(/^\$\d[\d,]*\.\d{2}$/).textContent()
  return parsePrice(text ?? '')
}

/** The card's rating, read from the star rating's accessible name ("Rated 4.8 out of 5"). */
export async function cardRating(card: Locator): Promise<number> {
  const label = await card.getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ }).getAttribute('aria-label')
  return Number(/^Rated (\S+) out of 5$/.exec(label ?? '')?.[1])
}

/** All the cards' prices, in page order. */
export async function cardPrices(scope: Page | Locator): Promise<number[]> {
  const prices: number[] = []
  for (const card of await productCards(scope).all()) prices.push(await cardPrice(card))
  return prices
}

/** All the cards' ratings, in page order. */
export async function cardRatings(scope: Page | Locator): Promise<number[]> {
  const ratings: number[] = []
  for (const card of await productCards(scope).all()) ratings.push(await cardRating(card))
  return ratings
}

/** The category page's filter form (a GET form labelled "Filter products"). */
export function filterForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Filter products' })
}

/**
 * Applies what the filter controls now hold and waits for the resulting URL. Without JavaScript that means
 * pressing "Apply filters"; with JavaScript a change applies by itself, so nothing is pressed.
 */
export async function applyFilters(page: Page, expected: (params: URLSearchParams) => boolean): Promise<void> {
  if (!isJsProject()) await filterForm(page).getByRole('button', { name: 'Apply filters', exact: true }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/category/') && expected(url.searchParams))
}

/** Fails unless the numbers are in ascending (or, with `descending`, descending) order. */
export function expectSorted(values: number[], order: 'ascending' | 'descending', what: string): void {
  const sorted = [...values].sort((a, b) => (order === 'ascending' ? a - b : b - a))
  expect(values, `${what} in ${order} order`).toEqual(sorted)
}
