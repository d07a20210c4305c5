import { EVERY_PAGE, type Invalidation } from './page-tags.ts'

/**
 * Follows the numbered invalidations other processes publish (docs/decisions/030). Redis numbers them in
 * the order it publishes them, so a process that saw number n next expects n + 1: then it drops what that
 * message names. Any other number means a message was lost (or Redis started again from nothing), and what
 * it said is unknown, so everything is dropped. The periodic read of the number finds a loss that no later
 * message reveals.
 */
export function createInvalidationSequence(drop: (invalidation: Invalidation) => void) {
  /** The last number acted on; none before the first message or read. */
  let seen: number | undefined

  return {
    /**
     * A published message: number `seq`, naming `invalidation`. `ownWrite`: this process published it and
     * dropped those pages when it did; dropping them again would throw away pages (and renders in flight)
     * made since, from data newer than the write.
     */
    message(seq: number, invalidation: Invalidation, ownWrite = false) {
      const next = seen !== undefined && seq === seen + 1
      if (!next) drop(EVERY_PAGE)
      else if (!ownWrite) drop(invalidation)
      seen = seq
    },
    /** The number as read from Redis: beyond the last one seen, some message never arrived. */
    observed(seq: number) {
      if (seen !== undefined && seq <= seen) return
      drop(EVERY_PAGE)
      seen = seq
    },
  }
}
