import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local Creators API (../shared/AMAZON.md) for tests, the e2e site, the benchmark and demos: the token
// endpoint and GetItems, with the checks the real one makes (grant, credentials, bearer token, at most 10
// ids, the same marketplace in the x-marketplace header and the body). It knows every ASIN that starts with
// "B0" (deterministic made-up data), sold in every marketplace, unless told otherwise, and answers `errors` for
// the rest. Tests can make it answer 429, 403, 500, hang or send malformed JSON, in one marketplace or all.

export const STAND_IN_CREDENTIALS = {
  AMAZON_CREDENTIAL_ID: 'stand-in-id',
  AMAZON_CREDENTIAL_SECRET: 'stand-in-secret',
  AMAZON_CREDENTIAL_VERSION: '3.1',
  AMAZON_PARTNER_TAG: 'standin-20',
} as const

export type Failure = 429 | 403 | 500 | 'hang' | 'malformed'

export interface StandInItem {
  title?: string
  brand?: string
  price?: number | null
  availability?: string
  rating?: number | null
  reviewCount?: number | null
  image?: string
  /** `itemInfo.productInfo.unitCount`: unknown items have none. */
  unitCount?: number
  /** `itemInfo.productInfo.itemDimensions`: the item's outside, as Amazon gives it. */
  dimensions?: { width: number; height: number; length: number; unit: 'inches' | 'centimeters' }
  /** The marketplaces (hosts, as the API names them: `www.amazon.co.uk`) that sell it; unset: every one. */
  marketplaces?: string[]
}

export interface AmazonStandIn {
  url: string
  /** The environment that points the app at this stand-in. */
  env: Record<string, string>
  calls: {
    token: number
    getItems: number
    /** Arrival times (ms) of the GetItems calls. */
    times: number[]
    /** The itemIds of each GetItems call. */
    batches: string[][]
    /** The marketplace (x-marketplace) of each GetItems call. */
    marketplaces: string[]
  }
  /** The next `count` GetItems calls (in `marketplace` only, when given) fail this way. */
  failNext(failure: Failure, count?: number, marketplace?: string): void
  /** Every GetItems call (in `marketplace` only, when given) fails this way until cleared with null. */
  failAlways(failure: Failure | null, marketplace?: string): void
  /** Invalidates every token handed out: the next call gets a 401. */
  revokeTokens(): void
  /** Overrides or adds an item's data; `null` makes it unknown. */
  setItem(asin: string, item: StandInItem | null): void
  reset(): void
  close(): Promise<void>
}

function hash(asin: string): number {
  return createHash('sha256').update(asin).digest().readUInt32BE(0)
}

function makeItem(asin: string, tag: string, marketplace: string, override: StandInItem = {}) {
  const h = hash(asin)
  const price = override.price === undefined ? 5 + (h % 9000) / 100 : override.price
  const rating = override.rating === undefined ? 3 + (h % 21) / 10 : override.rating
  const reviewCount = override.reviewCount === undefined ? h % 5000 : override.reviewCount
  const image = override.image ?? `https://m.media-amazon.com/images/I/${asin}.jpg`
  const measure = (label: string, value: number, unit: string) => ({
    displayValue: value,
    label,
    locale: 'en_US',
    unit,
  })
  const dimensions = override.dimensions
  const productInfo = {
    ...(override.unitCount === undefined
      ? {}
      : { unitCount: { displayValue: override.unitCount, label: 'NumberOfItems', locale: 'en_US' } }),
    ...(dimensions
      ? {
          itemDimensions: {
            height: measure('Height', dimensions.height, dimensions.unit),
            length: measure('Length', dimensions.length, dimensions.unit),
            width: measure('Width', dimensions.width, dimensions.unit),
          },
        }
      : {}),
  }
  return {
    asin,
    detailPageURL: `https://${marketplace}/dp/${asin}?tag=${tag}&linkCode=ogi&th=1`,
    itemInfo: {
      title: { displayValue: override.title ?? `Stand-in comic storage product ${asin}` },
      byLineInfo: { brand: { displayValue: override.brand ?? 'BCW' } },
      features: { displayValues: ['Acid free', 'Archival quality'] },
      // Like Amazon, only for the items that state it (set with setItem).
      ...(Object.keys(productInfo).length ? { productInfo } : {}),
    },
    images: {
      primary: { large: { url: image, height: 500, width: 500 } },
      variants: [{ large: { url: `https://m.media-amazon.com/images/I/${asin}-2.jpg` } }],
    },
    offersV2: {
      listings:
        price === null
          ? []
          : [
              {
                price: { money: { amount: price, currency: 'USD', displayAmount: `$${price.toFixed(2)}` } },
                availability: override.availability ?? 'In Stock',
              },
            ],
    },
    customerReviews:
      rating === null ? {} : { count: reviewCount ?? 0, starRating: { value: Math.round(rating * 10) / 10 } },
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => resolve(body))
    request.on('error', reject)
  })
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' })
  response.end(JSON.stringify(body))
}

export async function startAmazonStandIn({ port = 0 }: { port?: number } = {}): Promise<AmazonStandIn> {
  const tokens = new Set<string>()
  const overrides = new Map<string, StandInItem | null>()
  // A failure without a marketplace is any call's.
  const queued: Array<{ failure: Failure; marketplace?: string }> = []
  let always: { failure: Failure; marketplace?: string } | null = null
  const hanging = new Set<ServerResponse>()
  const calls: AmazonStandIn['calls'] = { token: 0, getItems: 0, times: [], batches: [], marketplaces: [] }
  const failureFor = (marketplace: string): Failure | null => {
    const index = queued.findIndex((entry) => !entry.marketplace || entry.marketplace === marketplace)
    if (index >= 0) return queued.splice(index, 1)[0]!.failure
    return always && (!always.marketplace || always.marketplace === marketplace) ? always.failure : null
  }

  const fail = (response: ServerResponse, failure: Failure) => {
    if (failure === 'hang') {
      hanging.add(response)
      response.on('close', () => hanging.delete(response))
      return
    }
    if (failure === 'malformed') {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end('{"itemsResult": {"items": [')
      return
    }
    if (failure === 429)
      return json(response, 429, { errors: [{ code: 'ThrottleException', message: 'Rate exceeded' }] })
    if (failure === 403) {
      return json(response, 403, {
        errors: [
          {
            code: 'AccessDenied',
            reason: 'AssociateNotEligible',
            message: 'Your account does not currently meet the eligibility requirements.',
          },
        ],
      })
    }
    json(response, 500, { errors: [{ code: 'InternalFailure', message: 'Internal error' }] })
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname
      if (request.method === 'POST' && path === '/auth/o2/token') {
        calls.token++
        const form = new URLSearchParams(body)
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          return json(response, 400, { error: 'invalid_request' })
        }
        if (form.get('grant_type') !== 'client_credentials')
          return json(response, 400, { error: 'unsupported_grant_type' })
        if (
          form.get('client_id') !== STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_ID ||
          form.get('client_secret') !== STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_SECRET
        ) {
          return json(response, 401, { error: 'invalid_client' })
        }
        if (form.get('scope') !== 'creatorsapi::default') return json(response, 400, { error: 'invalid_scope' })
        const token = randomBytes(16).toString('hex')
        tokens.add(token)
        return json(response, 200, { access_token: token, expires_in: 3600, token_type: 'bearer' })
      }
      if (request.method === 'POST' && path === '/catalog/v1/getItems') {
        calls.getItems++
        calls.times.push(Date.now())
        const header = request.headers['x-marketplace']
        calls.marketplaces.push(typeof header === 'string' ? header : '')
        const bearer = /^Bearer ([0-9a-f]+)$/.exec(request.headers.authorization ?? '')?.[1]
        if (!bearer || !tokens.has(bearer)) {
          calls.batches.push([])
          return json(response, 401, { errors: [{ code: 'Unauthorized', message: 'The access token is invalid.' }] })
        }
        let parsed: {
          itemIds?: unknown
          itemIdType?: unknown
          partnerTag?: unknown
          marketplace?: unknown
          resources?: unknown
        }
        try {
          parsed = JSON.parse(body) as typeof parsed
        } catch {
          calls.batches.push([])
          return json(response, 400, { errors: [{ code: 'InvalidRequest', message: 'Malformed JSON body.' }] })
        }
        const ids = Array.isArray(parsed.itemIds) ? parsed.itemIds.map(String) : []
        calls.batches.push(ids)
        const marketplace = typeof header === 'string' ? header : ''
        const failure = failureFor(marketplace)
        if (failure) return fail(response, failure)
        if (!/^www\.amazon\.[a-z.]+$/.test(marketplace) || parsed.marketplace !== marketplace) {
          return json(response, 400, {
            errors: [
              {
                code: 'InvalidParameterValue',
                message: 'The x-marketplace header and the marketplace in the body must name the same marketplace.',
              },
            ],
          })
        }
        if (
          ids.length === 0 ||
          ids.length > 10 ||
          parsed.itemIdType !== 'ASIN' ||
          typeof parsed.partnerTag !== 'string'
        ) {
          return json(response, 400, {
            errors: [{ code: 'InvalidParameterValue', message: 'ItemIds must hold 1 to 10 ASINs.' }],
          })
        }
        const items = []
        const errors = []
        for (const asin of ids) {
          const override = overrides.get(asin)
          const known = override !== null && (override !== undefined || asin.startsWith('B0'))
          const sold = (override?.marketplaces ?? [marketplace]).includes(marketplace)
          if (known && sold) items.push(makeItem(asin, parsed.partnerTag, marketplace, override ?? {}))
          else if (known)
            errors.push({
              code: 'ItemNotAccessible',
              message: `The ItemId ${asin} is not accessible through the Creators API in ${marketplace}.`,
            })
          else
            errors.push({
              code: 'InvalidParameterValue',
              message: `The ItemId ${asin} provided in the request is invalid.`,
            })
        }
        return json(response, 200, {
          ...(items.length ? { itemsResult: { items } } : {}),
          ...(errors.length ? { errors } : {}),
        })
      }
      json(response, 404, { errors: [{ code: 'NotFound', message: 'No such operation.' }] })
    })().catch((error: unknown) => {
      response.destroy(error as Error)
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    env: { ...STAND_IN_CREDENTIALS, AMAZON_API_URL: url, AMAZON_TOKEN_URL: `${url}/auth/o2/token` },
    calls,
    failNext(failure, count = 1, marketplace) {
      for (let i = 0; i < count; i++) queued.push({ failure, marketplace })
    },
    failAlways(failure, marketplace) {
      always = failure ? { failure, marketplace } : null
    },
    revokeTokens() {
      tokens.clear()
    },
    setItem(asin, item) {
      overrides.set(asin, item)
    },
    reset() {
      queued.length = 0
      always = null
      overrides.clear()
      calls.token = 0
      calls.getItems = 0
      calls.times.length = 0
      calls.batches.length = 0
      calls.marketplaces.length = 0
    },
    async close() {
      for (const response of hanging) response.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
