import type { Insertable, Selectable } from 'kysely'
import { db } from '#db/client.ts'
import type { Categories, Products, Reviews } from '#db/types.ts'

// Small factories for storefront integration tests. Each test file has a database of its own, so every
// file creates exactly the catalogue it needs; the defaults make a visible, fresh, plainly priced product.

export const HOUR_MS = 60 * 60 * 1000

/** A moment `hours` before now (negative: after). */
export function hoursAgo(hours: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - hours * HOUR_MS)
}

let sequence = 0

/** A fresh, valid ASIN (^[A-Z0-9]{10}$), unique within the test file. */
export function nextAsin(): string {
  sequence += 1
  return `T${String(sequence).padStart(9, '0')}`
}

export type CategoryRow = Selectable<Categories>
export type ProductRow = Selectable<Products>
export type ReviewRow = Selectable<Reviews>

export async function createCategory(values: Partial<Insertable<Categories>> & { slug: string }): Promise<CategoryRow> {
  return db
    .insertInto('categories')
    .values({
      name: values.name ?? values.slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      description: null,
      image_url: null,
      is_hidden: false,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function createProduct(values: Partial<Insertable<Products>> = {}): Promise<ProductRow> {
  const asin = values.asin ?? nextAsin()
  return db
    .insertInto('products')
    .values({
      asin,
      title: `Test product ${asin}`,
      brand: null,
      category_id: null,
      description: null,
      affiliate_url: `https://www.amazon.com/dp/${asin}`,
      image_url: null,
      price: '10.00',
      manual_price: null,
      rating: '0',
      review_count: 0,
      is_featured: false,
      soft_hidden: false,
      last_updated: new Date(),
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A review; APPROVED unless told otherwise (the database's own default is PENDING). */
export async function createReview(values: Partial<Insertable<Reviews>> & { product_id: number }): Promise<ReviewRow> {
  return db
    .insertInto('reviews')
    .values({
      reviewer_name: 'Test Reviewer',
      rating: 5,
      comment: null,
      status: 'APPROVED',
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

// Calling route modules directly, as the Remix server would.

export const CLIENT_IP = '203.0.113.7'

/** Arguments for a loader: a GET of `url` (relative to http://localhost:3000) with the app's load context. */
export function loaderArgs(
  url: string,
  params: Record<string, string> = {},
  options: { headers?: Record<string, string>; clientIp?: string } = {},
) {
  return {
    request: new Request(new URL(url, 'http://localhost:3000'), { headers: options.headers }),
    params,
    context: { cspNonce: '', clientIp: options.clientIp ?? CLIENT_IP },
  }
}

/** What `data(value, init)` from Remix returns (a loader may return or throw one instead of a Response). */
interface DataWithInit<D = unknown> {
  type: string
  data: D
  init: ResponseInit | null
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    'data' in value &&
    'init' in value &&
    value.type === 'DataWithResponseInit'
  )
}

export type LoaderData<T> = T extends DataWithInit<infer D> ? D : T

/**
 * A loader's data as the page (and `meta`) receives it, whether the loader returned it plainly or
 * wrapped in `data(…, { headers })`.
 */
export async function loaderData<T>(result: T | Promise<T>): Promise<LoaderData<T>> {
  const value = await result
  return (isDataWithInit(value) ? value.data : value) as LoaderData<T>
}

/** The Response a loader throws (404, 302, 503…); fails when it returns or throws anything else. */
export async function thrownResponse(work: () => unknown): Promise<Response> {
  let result: unknown
  try {
    result = await work()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    if (isDataWithInit(thrown)) {
      const body = typeof thrown.data === 'string' ? thrown.data : JSON.stringify(thrown.data)
      return new Response(body, { status: 500, ...thrown.init })
    }
    throw thrown
  }
  throw new Error(`expected a thrown Response, but the loader returned ${JSON.stringify(result)?.slice(0, 500)}`)
}

/**
 * What a visitor would get: the status a thrown Response carries, 302 for a returned redirect, 200 for
 * returned data, 500 for any other error (what Remix would render).
 */
export async function statusOf(work: () => unknown): Promise<number> {
  try {
    const result = await work()
    if (result instanceof Response) return result.status
    return isDataWithInit(result) ? (result.init?.status ?? 200) : 200
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status
    return isDataWithInit(thrown) ? (thrown.init?.status ?? 500) : 500
  }
}

/** Arguments for a route's `headers` export on a normal (non-error) render. */
export const headersArgs = {
  loaderHeaders: new Headers(),
  parentHeaders: new Headers(),
  actionHeaders: new Headers(),
  errorHeaders: undefined,
}
