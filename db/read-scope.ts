import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Which database the work in hand reads (decision 055). The server marks a request that may read a replica
 * (an anonymous GET of a public page) once, as it arrives; everything else — panel pages, form posts, jobs,
 * timers started at boot — runs unmarked and reads the primary. Kept on globalThis: server.ts and the Remix
 * bundle each load this module, and must share one store.
 */

export interface ReplicaReads {
  /** The replica this request reads (its index, 0 being the primary), chosen at its first read. */
  chosen?: Promise<number>
  /** The page drops seen when it was chosen (db/replica-lag.ts). */
  drops?: number
}

const GLOBAL = Symbol.for('comic-vault.read-scope')
type Global = typeof globalThis & { [GLOBAL]?: AsyncLocalStorage<ReplicaReads> }
const scope = ((globalThis as Global)[GLOBAL] ??= new AsyncLocalStorage<ReplicaReads>())

/** Runs `work` (and all it starts) reading a replica, one for all its reads. */
export function readFromReplicas<T>(work: () => T): T {
  return scope.run({}, work)
}

/** Runs `work` (and all it starts) reading the primary, whatever its caller reads. */
export function readFromPrimary<T>(work: () => T): T {
  return scope.exit(work)
}

/** The marked request this read belongs to, or undefined when it reads the primary. */
export function replicaReads(): ReplicaReads | undefined {
  return scope.getStore()
}
