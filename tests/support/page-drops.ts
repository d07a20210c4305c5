import { onPageDrops } from '#app/lib/page-drops.server.ts'
import type { Invalidation } from '#app/lib/page-tags.ts'

/** The invalidations this process hears of from now on (docs/decisions/030): `take()` answers and forgets them. */
export function recordPageDrops() {
  const heard: Invalidation[] = []
  const stop = onPageDrops((invalidation) => heard.push(invalidation))
  return { take: () => heard.splice(0), stop }
}
