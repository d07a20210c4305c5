import { randomUUID } from 'node:crypto'
import { waitForReplicas } from '#db/replica-lag.ts'
import { getEnv } from './env.server.ts'
import { createPurger } from './http-cache-purge.server.ts'
import { createInvalidationSequence } from './invalidation-sequence.ts'
import { logger } from './logger.server.ts'
import { dropPages } from './page-drops.server.ts'
import { invalidationCounterKey, raiseLocally, raisedKeys } from './page-tag-versions.server.ts'
import { EVERY_PAGE, type Invalidation } from './page-tags.ts'
import { createRedisConnection, getRedis } from './redis.server.ts'

/**
 * Tells every web process which cached pages a write changed (docs/decisions/030). This process drops them
 * at once; the others hear it over Redis pub/sub, each message numbered by one shared counter, so a process
 * that misses one drops everything instead. Without Redis there is one process, and dropping here is all.
 * Then the shared caches in front of every host (HTTP_CACHE_PURGE_URLS) purge the same pages, and the tag
 * versions, raised first, keep renders that spanned the write out of them (docs/decisions/054).
 */

const GLOBAL = Symbol.for('comic-vault.page-invalidation')
type State = {
  /** Names this process in its messages, so it knows its own when they come back. */
  origin: string
  /** Invalidations Redis could not be told of, counted since the start; `told` of them are covered since. */
  failures: number
  told: number
  watching: boolean
}
type Global = typeof globalThis & { [GLOBAL]?: State }
const state = ((globalThis as Global)[GLOBAL] ??= { origin: randomUUID(), failures: 0, told: 0, watching: false })

const channel = () => `${getEnv().REDIS_PREFIX}:page-invalidation`

// Numbered and published in one step, so messages leave Redis in the order of their numbers; the tag versions
// (KEYS[2..]) are raised in the same step, before any shared cache is purged.
const NUMBER_AND_PUBLISH = `
local seq = redis.call('INCR', KEYS[1])
for i = 2, #KEYS do redis.call('INCR', KEYS[i]) end
redis.call('PUBLISH', ARGV[1], '{"seq":' .. seq .. ',"from":"' .. ARGV[3] .. '","tags":' .. ARGV[2] .. '}')
return seq`

/**
 * Call after a write that changes public pages has committed, naming what it touched (app/lib/page-tags.ts).
 * The one place writes drop pages: ours, the other processes', the shared caches'. Never fails: a Redis or a
 * cache that is away must not turn a committed write into an error. This process drops its pages at once
 * either way; the others are told to drop everything as soon as Redis answers again (their pages also expire
 * by themselves); the shared caches are purged whatever Redis said.
 */
export async function invalidatePages(invalidation: Invalidation): Promise<void> {
  // The refills of the pages dropped below must read the write, whichever replica they read (decision 055).
  await waitForReplicas()
  dropPages(invalidation)
  const redis = getRedis()
  if (!redis) raiseLocally(invalidation)
  else {
    try {
      await tellRedis(redis, invalidation)
    } catch (error) {
      state.failures += 1
      logger.warn(
        { err: error },
        'page invalidation not shared; other processes will drop every page when Redis returns',
      )
    }
  }
  await purgeSharedCaches(invalidation)
}

let purger: ((invalidation: Invalidation) => Promise<void>) | undefined

function purgeSharedCaches(invalidation: Invalidation): Promise<void> {
  purger ??= createPurger({
    urls: getEnv().HTTP_CACHE_PURGE_URLS,
    onFailure: ({ url, keys, error }) =>
      logger.warn({ err: error, url, keys }, 'shared cache not purged; its copies expire within their s-maxage'),
  })
  return purger(invalidation)
}

async function tellRedis(redis: NonNullable<ReturnType<typeof getRedis>>, invalidation: Invalidation) {
  // What went untold is unknown by now, so it is told as "everything"; failures after this read are not covered.
  const failures = state.failures
  const owed = failures > state.told
  const told = owed ? EVERY_PAGE : invalidation
  const keys = [invalidationCounterKey(), ...raisedKeys(told)]
  await redis.eval(NUMBER_AND_PUBLISH, keys.length, ...keys, channel(), JSON.stringify(told), state.origin)
  state.told = Math.max(state.told, failures)
}

/** Follows the other processes' invalidations: pushed at once, plus a periodic read in case a message was lost. */
export async function watchPageInvalidations(): Promise<() => Promise<void>> {
  const redis = getRedis()
  if (!redis || state.watching) return async () => {}
  state.watching = true
  const sequence = createInvalidationSequence(dropPages)
  const subscriber = createRedisConnection()
  subscriber.on('message', (_channel: string, message: string) => {
    const parsed = parseMessage(message)
    if (parsed) sequence.message(parsed.seq, parsed.invalidation, parsed.from === state.origin)
    else dropPages(EVERY_PAGE)
  })
  // Subscribed before the first read, so nothing published in between goes unseen.
  await subscriber
    .subscribe(channel())
    .catch((error: unknown) => logger.warn({ err: error }, 'cannot watch page invalidations'))
  const refresh = async () => {
    if (state.failures > state.told) await tellRedis(redis, EVERY_PAGE).catch(() => undefined)
    const seq = await redis.get(invalidationCounterKey()).then(
      (value) => Number(value ?? 0),
      () => undefined,
    )
    if (seq !== undefined) sequence.observed(seq)
  }
  await refresh()
  const timer = setInterval(() => void refresh(), 5_000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    state.watching = false
    await subscriber.quit().catch(() => subscriber.disconnect())
  }
}

function parseMessage(message: string): { seq: number; from: unknown; invalidation: Invalidation } | null {
  try {
    const { seq, from, tags } = JSON.parse(message) as { seq?: unknown; from?: unknown; tags?: unknown }
    if (!Number.isSafeInteger(seq)) return null
    if (tags === EVERY_PAGE) return { seq: seq as number, from, invalidation: EVERY_PAGE }
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) {
      return { seq: seq as number, from, invalidation: tags as Invalidation }
    }
  } catch {
    // Not ours, or cut: what it said is unknown.
  }
  return null
}
