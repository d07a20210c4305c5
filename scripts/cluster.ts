import cluster, { type Worker } from 'node:cluster'
import { availableParallelism } from 'node:os'
import { EnvError, type Env } from '#app/lib/env.server.ts'
import { isSecondSignal, shutdownDeadlineMs, shutdownDrainMs } from './entry-point.ts'

// One Node process uses one core: in production `npm start` runs a node:cluster primary that forks as many web
// processes as cores, all serving one port, and keeps them running (docs/decisions/029). Nothing here reads
// the environment at import time, so server.ts can import it before its configuration is checked.

// Tells a forked web process its place (1..N); a restarted one takes the place of the one it replaces.
const SLOT = 'WEB_PROCESS_SLOT'

// A web process that lived this long was not crash-looping: its next restart is immediate again.
const STABLE_MS = 60_000
const FIRST_RESTART_MS = 1_000
const LONGEST_RESTART_MS = 60_000
// Each web process gives itself its drain window and 25 s to stop (scripts/entry-point.ts); the primary a little more.
const SHUTDOWN_MARGIN_MS = 5_000

/**
 * How many web processes to run. Only with a real Postgres and Redis in production can there be more than one:
 * the embedded database belongs to one process, and development runs Vite's dev server.
 */
export function webProcessCount(env: Env): number {
  if (env.NODE_ENV !== 'production' || !env.DATABASE_URL || !env.REDIS_URL) return 1
  const count = env.WEB_CONCURRENCY ?? availableParallelism()
  // The token guards /metrics on the shared port, which reaches one process at random (decision 028).
  if (count > 1 && env.METRICS_TOKEN && !env.METRICS_PORT) {
    throw new EnvError(
      'Invalid configuration:\n  METRICS_TOKEN: with several web processes, serve metrics on METRICS_PORT, where they are added up',
    )
  }
  return count
}

/** This process's place among the web processes under a primary (1..N); undefined when it runs alone. */
export function webProcessSlot(): number | undefined {
  return cluster.isWorker ? Number(process.env[SLOT]) : undefined
}

/**
 * The primary: migrates once, forks `count` web processes (each runs server.ts), restarts one that dies with a
 * growing back-off, and on SIGTERM/SIGINT passes the signal on (each drains, docs/decisions/056) and exits when
 * every one has shut down; a second signal kills them.
 */
export async function runWebProcesses(count: number, env: Env): Promise<void> {
  const { logger } = await import('#app/lib/logger.server.ts')
  const { prepareDatabaseWithRetry } = await import('#db/prepare.ts')
  const { checkConnectionBudget } = await import('#db/connection-budget.ts')
  const { closeDatabase } = await import('#db/client.ts')
  const { clusterExposition, startMetricsServer } = await import('#app/lib/metrics/endpoint.server.ts')

  // Migrations once, before any web process starts, so none ever serves from an older schema.
  await prepareDatabaseWithRetry()
  await checkConnectionBudget(count)
  await closeDatabase()
  // A scrape of a shared port would reach one process at random: the primary answers for all (decision 028).
  if (env.METRICS_PORT) await startMetricsServer(env.METRICS_PORT, env.HOST, clusterExposition)

  const running = new Map<number, Worker>()
  const restarts = new Map<number, NodeJS.Timeout>()
  const history = new Map<number, { startedAt: number; quickFailures: number }>()
  let stopping = false
  let stopSignal: NodeJS.Signals | undefined
  let cleanExit = true

  const start = (slot: number) => {
    const worker = cluster.fork({ [SLOT]: String(slot) })
    running.set(slot, worker)
    const previous = history.get(slot)
    history.set(slot, { startedAt: Date.now(), quickFailures: previous?.quickFailures ?? 0 })
    worker.once('exit', (code, signal) => {
      running.delete(slot)
      if (stopping) {
        // Ended by the signal passed on: it was still starting, before server.ts handles signals, so serving nothing.
        if (code !== 0 && signal !== stopSignal) cleanExit = false
        if (running.size === 0) {
          logger.info({ clean: cleanExit }, 'all web processes stopped')
          process.exit(cleanExit ? 0 : 1)
        }
        return
      }
      const delay = restartDelay(slot)
      logger.error({ slot, pid: worker.process.pid, code, signal, restartInMs: delay }, 'web process died')
      restarts.set(
        slot,
        setTimeout(() => {
          restarts.delete(slot)
          start(slot)
        }, delay),
      )
    })
  }

  // 1 s, 2 s, 4 s... up to a minute while a slot keeps dying young; back to 1 s after a stable run.
  const restartDelay = (slot: number) => {
    const entry = history.get(slot)!
    if (Date.now() - entry.startedAt >= STABLE_MS) entry.quickFailures = 0
    const delay = Math.min(FIRST_RESTART_MS * 2 ** entry.quickFailures, LONGEST_RESTART_MS)
    entry.quickFailures += 1
    return delay
  }

  const drainMs = shutdownDrainMs(env)
  let stoppedAt = 0
  const killAll = (reason: string) => {
    logger.error(reason)
    for (const worker of running.values()) worker.process.kill('SIGKILL')
    process.exit(1)
  }
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (isSecondSignal(Date.now() - stoppedAt)) killAll('second signal; killing the web processes')
      return
    }
    stopping = true
    stopSignal = signal
    stoppedAt = Date.now()
    logger.info({ signal, processes: running.size, drainMs }, 'stopping web processes')
    for (const timer of restarts.values()) clearTimeout(timer)
    if (running.size === 0) process.exit(0)
    // The signal itself, not cluster's disconnect: each process runs its own graceful shutdown (server.ts).
    for (const worker of running.values()) worker.process.kill(signal)
    setTimeout(
      () => killAll('web processes did not stop in time; killing them'),
      shutdownDeadlineMs(drainMs) + SHUTDOWN_MARGIN_MS,
    ).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))

  cluster.on('listening', (worker, address) =>
    logger.info({ slot: slotOf(worker), pid: worker.process.pid, port: address.port }, 'web process listening'),
  )
  logger.info({ processes: count }, 'starting web processes')
  for (let slot = 1; slot <= count; slot++) start(slot)

  function slotOf(worker: Worker) {
    for (const [slot, candidate] of running) if (candidate === worker) return slot
    return undefined
  }
}
