import { logger } from './logger.server.ts'

// Work a process has begun that no request or queue holds: a report import running after its upload was answered,
// a job run in-process without Redis. A graceful stop waits for it (docs/decisions/056), within the stop's
// deadline, so a restart does not cut it off halfway and leave its run "running" for good.

// One set per process: the server's entry and the app's build each load this module.
const GLOBAL = Symbol.for('comic-vault.work-in-hand')
type Global = typeof globalThis & { [GLOBAL]?: Set<Promise<unknown>> }
const held = ((globalThis as Global)[GLOBAL] ??= new Set())

/** Holds `work` until it settles; answers it. */
export function holdUntilDone<T>(work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => undefined,
    () => undefined,
  )
  held.add(settled)
  void settled.then(() => held.delete(settled))
  return work
}

/** Resolves once every work held, including any begun meanwhile, has settled. */
export async function workInHand(): Promise<void> {
  if (held.size) logger.info({ count: held.size }, 'waiting for the work in hand')
  while (held.size) await Promise.all([...held])
}
