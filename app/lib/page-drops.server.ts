import type { Invalidation } from './page-tags.ts'

/**
 * The page caches of this process and how they are told what to drop. The listeners live on globalThis:
 * server.ts (which holds the cache) and the Remix bundle (whose actions write) each load their own copy of
 * this module, and both must reach the same caches.
 */

type Listener = (invalidation: Invalidation) => void
const GLOBAL = Symbol.for('comic-vault.page-drops')
type Global = typeof globalThis & { [GLOBAL]?: Set<Listener> }
const listeners = ((globalThis as Global)[GLOBAL] ??= new Set())

/** Called with every invalidation this process learns of, from its own writes or another process's. */
export function onPageDrops(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Drops the pages in this process's caches, at once: synchronously, before the caller answers anyone. */
export function dropPages(invalidation: Invalidation): void {
  for (const listener of listeners) listener(invalidation)
}
