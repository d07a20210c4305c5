import cluster from 'node:cluster'
import type { Logger } from 'pino'
import { envOrExit, type Env } from '#app/lib/env.server.ts'

// How every entry point starts and ends (server.ts, npm run worker, digest, refresh; docs/decisions/036). Each
// imports ./load-dotenv.ts first, then this, before its configuration is checked: what reads the configuration as
// it loads (the logger, and every module that logs) is imported only inside the functions.

// A web process's requests in flight, a worker's jobs in hand: what a stop waits for, at most, after the drain window.
const SHUTDOWN_DEADLINE_MS = 25_000
// One signal delivered twice at once (a terminal's Ctrl-C reaches the process group, and npm forwards it again) is
// one stop; another one later means "now" (docs/decisions/056).
const REPEAT_AFTER_MS = 1_000

let fatalHandlerInstalled = false

/**
 * The start: the configuration checked before anything else loads (a bad value ends the process, naming it; the
 * signing secret only for an entry point that `signs`, docs/decisions/024), then the logger, named `service`.
 * From here an error nothing caught (a failed start included) is logged as fatal and ends the process with 1.
 */
export async function startEntryPoint({ service, signs }: { service?: string; signs: boolean }): Promise<{
  env: Env
  logger: Logger
}> {
  if (service) process.env.SERVICE_NAME ??= service
  const env = envOrExit({ signs })
  const { logger } = await import('#app/lib/logger.server.ts')
  // Once per process: `npm start` with one web process checks its configuration, then runs server.ts, which does.
  if (!fatalHandlerInstalled) {
    fatalHandlerInstalled = true
    process.on('uncaughtException', (error) => {
      logger.fatal({ err: error }, 'fatal error; exiting')
      process.exit(1)
    })
  }
  return { env, logger }
}

/** An entry point that cannot run as configured says why, on stderr like a bad value, and exits 1. */
export function refuseToStart(reason: string): never {
  console.error(reason)
  process.exit(1)
}

/**
 * How long a stopping web process keeps serving with /healthz at 503 (docs/decisions/056): SHUTDOWN_DRAIN_MS, else
 * 5 s in production on Postgres, the one setup that can run behind a load balancer with other hosts to take over;
 * 0 in development and the embedded demo, where nothing probes and Ctrl-C should not wait.
 */
export function shutdownDrainMs(env: Env): number {
  return env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' && env.DATABASE_URL ? 5_000 : 0)
}

/** When a stop that began with a drain window of `drainMs` is given up on. */
export function shutdownDeadlineMs(drainMs: number): number {
  return drainMs + SHUTDOWN_DEADLINE_MS
}

/** Whether a signal that came `sinceFirstMs` after the one that began a stop asks to stop now. */
export function isSecondSignal(sinceFirstMs: number): boolean {
  return sinceFirstMs >= REPEAT_AFTER_MS
}

/**
 * The end of a process that runs until stopped: on SIGTERM or SIGINT, once, `close` stops what it started (in
 * the order it gives), then the Redis connection and the database pool close and the process exits 0. A stop
 * that takes longer than the deadline (`drainMs`, the web's drain window, plus 25 s), or a second signal, exits 1;
 * under a cluster primary the primary decides that (it got the same Ctrl-C, and passes its signal on).
 */
export function closeOnSignal(close: () => Promise<void>, { drainMs = 0 }: { drainMs?: number } = {}): void {
  let firstSignalAt: number | undefined
  const shutDown = async (signal: NodeJS.Signals) => {
    const { logger } = await import('#app/lib/logger.server.ts')
    logger.info({ signal, drainMs }, 'shutting down')
    setTimeout(() => {
      logger.error('shutdown deadline passed; exiting')
      process.exit(1)
    }, shutdownDeadlineMs(drainMs)).unref()
    await close()
    await closeConnections()
    logger.info('stopped')
    process.exit(0)
  }
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt === undefined) {
      firstSignalAt = Date.now()
      void shutDown(signal)
    } else if (!cluster.isWorker && isSecondSignal(Date.now() - firstSignalAt)) {
      void import('#app/lib/logger.server.ts').then(({ logger }) => {
        logger.error({ signal }, 'second signal; exiting now')
        process.exit(1)
      })
    }
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

/**
 * A command that runs once: `work` answers whether it succeeded, and one that throws is logged as fatal. The
 * connections close either way, and the exit code says how it went.
 */
export async function runOnce(name: string, work: () => Promise<boolean>): Promise<never> {
  const { logger } = await import('#app/lib/logger.server.ts')
  const succeeded = await work().catch((error: unknown) => {
    logger.fatal({ err: error }, `${name} failed`)
    return false
  })
  await closeConnections()
  process.exit(succeeded ? 0 : 1)
}

/** The process-wide connections any entry point may have opened, last of all. */
async function closeConnections() {
  const { closeRedis } = await import('#app/lib/redis.server.ts')
  const { closeDatabase } = await import('#db/client.ts')
  await closeRedis()
  await closeDatabase()
}
