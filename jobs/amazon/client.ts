import { amazonSettings, type AmazonSettings } from '#app/lib/amazon-settings.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'
import { recordApiAnswer } from '#app/services/amazon-api-state.server.ts'
import { parseItem, type AmazonItem } from './item.ts'
import { memoryThrottle, redisThrottle, type Throttle } from './throttle.ts'

// The Creators API client (AMAZON.md): an OAuth2 token cached until 30 s before it expires, GetItems in
// batches of at most 10, one request a second across every worker, backoff with jitter on 429 and 5xx.

export const BATCH_SIZE = 10
export const MISSING_CREDENTIALS =
  'Amazon product API credentials are missing (Settings → Amazon: the credential ID, secret and version, and the default store’s tag): nothing was fetched.'

export type AmazonErrorKind =
  | 'credentials'
  | 'access-denied'
  | 'auth'
  | 'throttled'
  | 'server'
  | 'timeout'
  | 'network'
  | 'bad-response'
  | 'validation'

/** A failure of a whole call, with a message fit to show an admin. */
export class AmazonError extends Error {
  override name = 'AmazonError'
  constructor(
    readonly kind: AmazonErrorKind,
    message: string,
    readonly status?: number,
    /** Amazon's own code for it (`AssociateNotEligible`, `invalid_client`), when it gave one. */
    readonly code?: string,
  ) {
    super(message)
  }

  /** Whether going on with other batches is pointless: the account or the configuration is wrong. */
  get fatal(): boolean {
    return this.kind === 'credentials' || this.kind === 'access-denied' || this.kind === 'auth'
  }
}

/** The code of an ASIN that came back neither with data nor named in `errors`: no verdict of Amazon's. */
export const ITEM_NOT_RETURNED = 'ItemNotReturned'

export interface ItemError {
  asin: string
  code: string
  message: string
}

export interface GetItemsResult {
  items: AmazonItem[]
  /** Every requested ASIN that came back without data, with Amazon's reason. */
  errors: ItemError[]
}

/** Another marketplace for one call: its host (`www.amazon.co.uk`) and our tag there. */
export interface MarketplaceCall {
  marketplace: string
  partnerTag: string
}

export interface AmazonClientOptions {
  credentialId: string
  credentialSecret: string
  version: '2.1' | '2.2' | '2.3' | '3.1' | '3.2' | '3.3'
  partnerTag: string
  marketplace?: string
  apiUrl?: string
  tokenUrl?: string
  throttle?: Throttle
  /** Each HTTP call's limit. */
  timeoutMs?: number
  /** Attempts of one call on 429, 5xx, timeouts and network errors. */
  maxAttempts?: number
  /** The first backoff; it doubles with each attempt, with full jitter. */
  backoffMs?: number
  /** Told how each call ended: answered (null), or refused by Amazon (its code and message). */
  onAnswer?: (refusal: { code: string; message: string } | null) => Promise<void>
}

const TOKEN_ENDPOINTS: Record<AmazonClientOptions['version'], string> = {
  '2.1': 'https://creatorsapi.auth.us-east-1.amazoncognito.com/oauth2/token',
  '2.2': 'https://creatorsapi.auth.eu-south-2.amazoncognito.com/oauth2/token',
  '2.3': 'https://creatorsapi.auth.us-west-2.amazoncognito.com/oauth2/token',
  '3.1': 'https://api.amazon.com/auth/o2/token',
  '3.2': 'https://api.amazon.co.uk/auth/o2/token',
  '3.3': 'https://api.amazon.co.jp/auth/o2/token',
}

const RESOURCES = [
  'itemInfo.title',
  'itemInfo.byLineInfo',
  'itemInfo.features',
  // The unit count (a pack's pieces) for the product's specs; its item dimensions come with it, unused (item.ts).
  'itemInfo.productInfo',
  'images.primary.large',
  'images.variants.large',
  'offersV2.listings.price',
  'offersV2.listings.availability',
  'customerReviews.count',
  'customerReviews.starRating',
]

/** The published starting allowance is one call a second; a little margin absorbs network jitter. */
export const AMAZON_INTERVAL_MS = 1_050

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Deduplicated, in the caller's order, in groups of at most 10. */
export function batchAsins(asins: readonly string[]): string[][] {
  const unique = [...new Set(asins)]
  const batches: string[][] = []
  for (let i = 0; i < unique.length; i += BATCH_SIZE) batches.push(unique.slice(i, i + BATCH_SIZE))
  return batches
}

interface Token {
  value: string
  expiresAt: number
}

export class AmazonClient {
  private token: Token | null = null
  private tokenRequest: Promise<Token> | null = null
  private readonly throttle: Throttle
  private readonly timeoutMs: number
  private readonly maxAttempts: number
  private readonly backoffMs: number
  private readonly apiUrl: string
  private readonly tokenUrl: string
  private readonly marketplace: string

  constructor(private readonly options: AmazonClientOptions) {
    this.throttle = options.throttle ?? memoryThrottle(AMAZON_INTERVAL_MS)
    this.timeoutMs = options.timeoutMs ?? 15_000
    this.maxAttempts = options.maxAttempts ?? 5
    this.backoffMs = options.backoffMs ?? 1_000
    this.apiUrl = (options.apiUrl ?? 'https://creatorsapi.amazon').replace(/\/+$/, '')
    this.tokenUrl = options.tokenUrl ?? TOKEN_ENDPOINTS[options.version]
    this.marketplace = options.marketplace ?? 'www.amazon.com'
  }

  /**
   * Items for the ASINs (any number), one throttled GetItems call per 10; in the client's own marketplace, or in
   * `market`'s with our tag there. Every marketplace shares the one throttle: the allowance is the account's.
   */
  async getItems(asins: readonly string[], market?: MarketplaceCall): Promise<GetItemsResult> {
    const result: GetItemsResult = { items: [], errors: [] }
    for (const batch of batchAsins(asins)) {
      const part = await this.getBatch(batch, market)
      result.items.push(...part.items)
      result.errors.push(...part.errors)
    }
    return result
  }

  /** One GetItems call for at most 10 distinct ASINs. */
  async getBatch(asins: readonly string[], market?: MarketplaceCall): Promise<GetItemsResult> {
    if (asins.length === 0) return { items: [], errors: [] }
    if (asins.length > BATCH_SIZE) throw new Error(`GetItems takes at most ${BATCH_SIZE} ids`)
    let body
    try {
      body = await this.callWithRetries(
        asins,
        market ?? { marketplace: this.marketplace, partnerTag: this.options.partnerTag },
      )
    } catch (error) {
      if (error instanceof AmazonError && error.fatal) {
        await this.options.onAnswer?.({
          code: error.code ?? String(error.status ?? error.kind),
          message: error.message,
        })
      }
      throw error
    }
    await this.options.onAnswer?.(null)
    return readItems(asins, body)
  }

  private async callWithRetries(asins: readonly string[], market: MarketplaceCall): Promise<unknown> {
    let refreshedToken = false
    for (let attempt = 1; ; attempt++) {
      let failure: AmazonError
      try {
        const token = await this.getToken()
        await this.throttle.wait()
        const response = await this.fetch(`${this.apiUrl}/catalog/v1/getItems`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'x-marketplace': market.marketplace,
            Authorization: this.authorization(token),
          },
          body: JSON.stringify({
            itemIds: asins,
            itemIdType: 'ASIN',
            partnerTag: market.partnerTag,
            partnerType: 'Associates',
            marketplace: market.marketplace,
            resources: RESOURCES,
          }),
        })
        if (response.ok) return await readJson(response)
        const detail = await errorDetail(response)
        if (response.status === 401) {
          // The token expired or was revoked early: drop it and try once with a new one.
          this.token = null
          if (refreshedToken) {
            throw new AmazonError('auth', `Amazon refused the access token: ${detail.text}`, 401, detail.code)
          }
          refreshedToken = true
          attempt--
          continue
        }
        if (response.status === 403) {
          throw new AmazonError(
            'access-denied',
            `Amazon denied access (403 ${detail.text}). The Associates account may have lost Creators API access; existing product data was kept.`,
            403,
            detail.code,
          )
        }
        if (response.status === 429)
          failure = new AmazonError(
            'throttled',
            `Amazon throttled the requests (429 ${detail.text}).`,
            429,
            detail.code,
          )
        else if (response.status >= 500)
          failure = new AmazonError('server', `Amazon answered ${response.status} ${detail.text}.`, response.status)
        else
          throw new AmazonError(
            'validation',
            `Amazon refused the request (${response.status} ${detail.text}).`,
            response.status,
            detail.code,
          )
      } catch (error) {
        if (!(error instanceof AmazonError) || !retryable(error)) throw error
        failure = error
      }
      if (attempt >= this.maxAttempts) {
        throw new AmazonError(
          failure.kind,
          `${failure.message} Gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}.`,
          failure.status,
          failure.code,
        )
      }
      // Full jitter: a random wait up to the doubled backoff, so workers that failed together do not retry together.
      const wait = Math.random() * this.backoffMs * 2 ** (attempt - 1)
      logger.warn({ kind: failure.kind, attempt, wait: Math.round(wait) }, 'amazon call failed; retrying')
      await sleep(wait)
    }
  }

  private authorization(token: string): string {
    return this.options.version.startsWith('2.')
      ? `Bearer ${token}, Version ${this.options.version}`
      : `Bearer ${token}`
  }

  private async getToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return this.token.value
    // Concurrent callers share one token request.
    this.tokenRequest ??= this.requestToken().finally(() => (this.tokenRequest = null))
    this.token = await this.tokenRequest
    return this.token.value
  }

  private async requestToken(): Promise<Token> {
    const scope = this.options.version.startsWith('2.') ? 'creatorsapi/default' : 'creatorsapi::default'
    const response = await this.fetch(this.tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.options.credentialId,
        client_secret: this.options.credentialSecret,
        scope,
      }),
    })
    if (!response.ok) {
      const detail = await errorDetail(response)
      if (response.status === 429 || response.status >= 500) {
        throw new AmazonError(
          response.status === 429 ? 'throttled' : 'server',
          `Amazon's token endpoint answered ${response.status} ${detail.text}.`,
          response.status,
        )
      }
      throw new AmazonError(
        'auth',
        `Amazon refused the credentials (${response.status} ${detail.text}).`,
        response.status,
        detail.code,
      )
    }
    const body = (await readJson(response)) as { access_token?: unknown; expires_in?: unknown }
    if (typeof body.access_token !== 'string' || !body.access_token) {
      throw new AmazonError('bad-response', "Amazon's token endpoint answered without an access token.")
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600
    // Used until 30 s before it runs out, so a call never starts with a token about to expire.
    return { value: body.access_token, expiresAt: Date.now() + (expiresIn - 30) * 1000 }
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) })
    } catch (error) {
      if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new AmazonError('timeout', `Amazon did not answer within ${this.timeoutMs / 1000} s.`)
      }
      throw new AmazonError('network', `Amazon could not be reached: ${(error as Error).message}.`)
    }
  }
}

function retryable(error: AmazonError): boolean {
  return ['throttled', 'server', 'timeout', 'network'].includes(error.kind)
}

async function readJson(response: Response): Promise<unknown> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new AmazonError('timeout', 'Amazon stopped answering part-way through.')
    }
    throw new AmazonError('network', `Amazon's answer was cut off: ${(error as Error).message}.`)
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new AmazonError('bad-response', `Amazon answered with malformed JSON (${response.status}).`, response.status)
  }
}

/**
 * "Code: message" from an error body, whatever its shape, kept short; and Amazon's most precise code in it (the
 * reason of an AccessDenied, else the code, else OAuth's `error`).
 */
async function errorDetail(response: Response): Promise<{ text: string; code?: string }> {
  const text = await response.text().catch(() => '')
  try {
    const body = JSON.parse(text) as {
      errors?: { code?: string; message?: string; reason?: string }[]
      code?: string
      message?: string
      reason?: string
      error?: string
    }
    const first = body.errors?.[0] ?? body
    const parts = [first.code, first.reason, first.message].filter(Boolean)
    const code = (first.reason ?? first.code ?? body.error)?.slice(0, 100)
    if (parts.length) return { text: parts.join(': ').slice(0, 300), code }
    if (code) return { text: code, code }
  } catch {
    // Not JSON: the status text is all there is.
  }
  return { text: response.statusText || 'error' }
}

/** Items and per-item errors of one answer; an ASIN neither returned nor named in `errors` is an error too. */
function readItems(asins: readonly string[], body: unknown): GetItemsResult {
  if (!body || typeof body !== 'object') throw new AmazonError('bad-response', 'Amazon answered with an empty body.')
  const { itemsResult, errors } = body as { itemsResult?: { items?: unknown }; errors?: unknown }
  const requested = new Set(asins)
  const items: AmazonItem[] = []
  for (const raw of Array.isArray(itemsResult?.items) ? itemsResult.items : []) {
    const item = parseItem(raw)
    if (item && requested.has(item.asin) && !items.some((known) => known.asin === item.asin)) items.push(item)
  }
  const found = new Set(items.map((item) => item.asin))
  const itemErrors: ItemError[] = []
  const named = Array.isArray(errors) ? (errors as { code?: unknown; message?: unknown }[]) : []
  for (const asin of asins) {
    if (found.has(asin)) continue
    const error = named.find((entry) => typeof entry?.message === 'string' && entry.message.includes(asin))
    itemErrors.push({
      asin,
      code: typeof error?.code === 'string' ? error.code : ITEM_NOT_RETURNED,
      message:
        typeof error?.message === 'string' ? error.message.slice(0, 300) : `Amazon returned no data for ${asin}.`,
    })
  }
  return { items, errors: itemErrors }
}

// Without Redis every client in the process shares one spacing.
const processThrottle = memoryThrottle(AMAZON_INTERVAL_MS)

export interface ClientOverrides {
  /** Calls per second are not limited (benchmarks against the stand-in only). */
  unthrottled?: boolean
  timeoutMs?: number
  maxAttempts?: number
  backoffMs?: number
}

/**
 * The client of the settings in effect (the environment's, else the panel's: app/lib/amazon-settings.server.ts),
 * throttled through Redis when there is one; or the spec's missing-credentials message when they are not all set.
 * Asked for at each run, so a run uses the credentials of the moment it starts.
 */
export async function configuredAmazonClient(
  overrides: ClientOverrides = {},
  settings?: AmazonSettings,
): Promise<AmazonClient | { missing: string }> {
  const { credentialId, credentialSecret, version, marketplace, partnerTag } = settings ?? (await amazonSettings())
  if (!credentialId.value || !credentialSecret.value || !version.value || !partnerTag) {
    return { missing: MISSING_CREDENTIALS }
  }
  const env = getEnv()
  const { unthrottled, ...options } = overrides
  const redis = getRedis()
  return new AmazonClient({
    credentialId: credentialId.value,
    credentialSecret: credentialSecret.value,
    version: version.value,
    partnerTag,
    marketplace: marketplace.value,
    apiUrl: env.AMAZON_API_URL,
    tokenUrl: env.AMAZON_TOKEN_URL,
    onAnswer: recordApiAnswer,
    throttle: unthrottled
      ? memoryThrottle(0)
      : redis
        ? redisThrottle(redis, `${env.REDIS_PREFIX}:amazon:throttle`, AMAZON_INTERVAL_MS)
        : processThrottle,
    ...options,
  })
}
