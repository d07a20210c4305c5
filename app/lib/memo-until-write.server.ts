import { RecentMap } from '#app/utils/recent-map.ts'
import { onPageDrops } from './page-drops.server.ts'

/**
 * A read that every public page repeats (the footer's last update, a category by its slug), kept in this
 * process until the next catalogue write it learns of: its own, or another process's over Redis, the same
 * news that drops cached pages (docs/decisions/030, 032). Never kept longer than the page cache keeps a
 * page, for writes no process was told of. A write during the read drops the read too: it may predate it.
 * What a caller gives besides the key serves a miss only: it must be what the key determines.
 */
export function memoUntilWrite<Value, Given extends unknown[] = []>(
  read: (key: string, ...given: Given) => Promise<Value>,
  { maxKeys = 1_000, maxAgeMs = 60_000 }: { maxKeys?: number; maxAgeMs?: number } = {},
): (key?: string, ...given: Given) => Promise<Value> {
  const kept = new RecentMap<string, { value: Promise<Value>; until: number }>(maxKeys)
  onPageDrops(() => kept.clear())

  return (key = '', ...given) => {
    const now = Date.now()
    const entry = kept.get(key)
    if (entry && entry.until > now) return entry.value
    const value = read(key, ...given)
    const fresh = { value, until: now + maxAgeMs }
    kept.set(key, fresh)
    value.catch(() => {
      if (kept.get(key) === fresh) kept.delete(key)
    })
    return value
  }
}
