import { getEnv } from './env.server.ts'
import { EVERY_PAGE, type Invalidation, type Tags } from './page-tags.ts'
import { getRedis } from './redis.server.ts'

/**
 * Tag versions (docs/decisions/054): one counter per page tag, raised by every write that touches the tag, so a
 * render that read them before it read the database and again before it answered knows whether a write touched
 * its page meanwhile, on any host. Such a page may hold data from before the write, after the write's purge
 * has gone by: it must not be handed to a shared cache.
 *
 * In Redis beside the invalidation counter, raised in the same step that numbers and publishes the write
 * (page-invalidation.server.ts). A page the tag map does not know reads that counter, which every write raises;
 * a write that drops everything raises the `*` counter, which every tagged page reads. Without Redis there is
 * one process, and the counters are this process's own.
 */

/** What a read gives: the versions as one comparable string, or null when they could not be read. */
export type TagVersions = Promise<string | null>

const READ_TIMEOUT_MS = 250

export const invalidationCounterKey = () => `${getEnv().REDIS_PREFIX}:page-invalidation:seq`
const versionKey = (tag: string) => `${getEnv().REDIS_PREFIX}:page-tag-version:${tag}`

/** The counters a page with these tags reads. */
export function readKeys(tags: Tags): string[] {
  return tags === EVERY_PAGE ? [invalidationCounterKey()] : [versionKey(EVERY_PAGE), ...tags.map(versionKey)]
}

/** The counters a write raises, beside the invalidation counter. */
export function raisedKeys(invalidation: Invalidation): string[] {
  return invalidation === EVERY_PAGE ? [versionKey(EVERY_PAGE)] : [...new Set(invalidation)].map(versionKey)
}

// On globalThis: server.ts (which reads them) and the Remix bundle (whose writes raise them) each load this module.
const GLOBAL = Symbol.for('comic-vault.page-tag-versions')
type Global = typeof globalThis & { [GLOBAL]?: Map<string, number> }
const local = ((globalThis as Global)[GLOBAL] ??= new Map())

/** Without Redis: raises this process's counters (with Redis, the invalidation's script does). */
export function raiseLocally(invalidation: Invalidation): void {
  for (const key of [invalidationCounterKey(), ...raisedKeys(invalidation)]) local.set(key, (local.get(key) ?? 0) + 1)
}

/** The versions of a page's tags now; null when Redis does not answer within a short wait (not shareable). */
export function readVersions(tags: Tags): TagVersions {
  const keys = readKeys(tags)
  const redis = getRedis()
  if (!redis) return Promise.resolve(keys.map((key) => local.get(key) ?? 0).join(' '))
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS)))
  const read = redis.mget(keys).then(
    (values) => values.map((value) => value ?? '0').join(' '),
    () => null,
  )
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer))
}
