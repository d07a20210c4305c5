import { Gauge } from 'prom-client'
import { getLastFinishedRefresh } from '#app/models/refresh-log.server.ts'
import { db, poolCounts } from '#db/client.ts'
import { queueNames } from '#jobs/names.ts'
import { getQueue } from '#jobs/queues.ts'
import { getEnv } from '../env.server.ts'
import { metrics } from './registry.server.ts'

/**
 * Gauges read from their source when Prometheus scrapes: the database pool, the job queues (BullMQ on
 * Redis) and the last finished refresh (its log table, so the scrape target sees refreshes the worker
 * process ran). Each read is bounded: a database or Redis that does not answer leaves its gauges out of
 * that scrape rather than holding it (docs/decisions/028).
 */

const READ_WITHIN_MS = 1_000
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const

export function registerScrapeGauges(): void {
  const state = metrics()
  if (state.scrapeGauges) return
  state.scrapeGauges = true
  const registers = [state.registry]

  const poolGauge = (name: string, help: string, count: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.reset()
        const counts = await bounded(poolCounts())
        if (counts) this.set(counts[count])
      },
    })
  poolGauge('cv_db_pool_total_clients', 'Database connections open in this process’s pool.', 'total')
  poolGauge('cv_db_pool_idle_clients', 'Database connections open and not in use.', 'idle')
  poolGauge(
    'cv_db_pool_waiting_clients',
    'Queries waiting for a database connection: above zero, the pool is the bottleneck.',
    'waiting',
  )

  new Gauge({
    name: 'cv_job_queue_jobs',
    help: 'Jobs on each queue by state (waiting, active, delayed, failed); absent without Redis.',
    labelNames: ['queue', 'state'] as const,
    registers,
    aggregator: 'max', // every web process reads the same queues
    async collect() {
      this.reset()
      if (!getEnv().REDIS_URL) return
      await Promise.all(
        queueNames.map(async (queue) => {
          const counts = await bounded(getQueue(queue).getJobCounts(...QUEUE_STATES))
          for (const jobState of QUEUE_STATES) {
            if (counts) this.set({ queue, state: jobState }, counts[jobState] ?? 0)
          }
        }),
      )
    },
  })

  const refreshFinished = new Gauge({
    name: 'cv_refresh_last_finished_timestamp_seconds',
    help: 'When the last product refresh finished (Unix time), however it ended.',
    registers,
    aggregator: 'max',
  })
  new Gauge({
    name: 'cv_refresh_duration_seconds',
    help: 'How long the last finished product refresh took.',
    registers,
    aggregator: 'max',
    async collect() {
      this.reset()
      refreshFinished.reset()
      const run = await bounded(getLastFinishedRefresh(db))
      if (!run) return
      this.set(run.duration_seconds)
      refreshFinished.set(run.finished_at_seconds)
    },
  })
}

/** The value, or undefined when it fails or takes longer than a scrape should wait. */
async function bounded<T>(read: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), READ_WITHIN_MS)))
  try {
    return await Promise.race([read.catch(() => undefined), late])
  } finally {
    clearTimeout(timer)
  }
}
