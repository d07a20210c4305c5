import { Queue, type JobsOptions } from 'bullmq'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { createRedisConnection } from '#app/lib/redis.server.ts'
import { holdUntilDone } from '#app/lib/work-in-hand.server.ts'
import { readFromPrimary } from '#db/read-scope.ts'
import { jobQueues, type JobData, type JobName, type QueueName } from './names.ts'

// Retried with backoff; finished jobs are kept for a while for inspection, then trimmed.
const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
}

const GLOBAL = Symbol.for('comic-vault.queues')
type Global = typeof globalThis & { [GLOBAL]?: Map<QueueName, Queue> }
const queues = ((globalThis as Global)[GLOBAL] ??= new Map())

export function getQueue(name: QueueName): Queue {
  let queue = queues.get(name)
  if (!queue) {
    queue = new Queue(name, {
      connection: createRedisConnection({ maxRetriesPerRequest: 1 }),
      prefix: getEnv().REDIS_PREFIX,
      defaultJobOptions,
    })
    queues.set(name, queue)
  }
  return queue
}

/**
 * Puts a job on its queue, or, without Redis, runs it in this process soon after (with the same
 * retries), so callers never need to know which mode the app is in. A job whose `jobId` (or
 * deduplication id) was seen before is dropped, in both modes.
 */
export async function enqueue<N extends JobName>(name: N, data: JobData<N>, options: JobsOptions = {}): Promise<void> {
  if (getEnv().REDIS_URL) {
    await getQueue(jobQueues[name]).add(name, data, options)
    return
  }
  const id = options.deduplication?.id ?? options.jobId
  if (id !== undefined && seenInProcess(id)) return
  // Past setTimeout's reach (24.8 days) a delayed job runs at once: each handler checks whether its time has come.
  const delay = Math.min(options.delay ?? 0, MAX_TIMER_MS)
  runInProcess(name, data, options.attempts ?? (defaultJobOptions.attempts as number), delay)
}

const MAX_TIMER_MS = 2 ** 31 - 1

// The in-process driver's memory of job ids, bounded: enough for a digest run on the one-machine embedded setup.
const RECENT_IDS = 50_000
const recentIds = new Set<string>()

function seenInProcess(id: string): boolean {
  if (recentIds.has(id)) return true
  recentIds.add(id)
  if (recentIds.size > RECENT_IDS) recentIds.delete(recentIds.values().next().value!)
  return false
}

function runInProcess<N extends JobName>(
  name: N,
  data: JobData<N>,
  attemptsLeft: number,
  delay = 0,
  backoff = 5_000,
): void {
  setTimeout(() => {
    // Once running, a graceful stop waits for it (a job still waiting for its time is not held).
    void holdUntilDone(
      // Loaded here, not at the top: whoever enqueues must not load every handler (docs/decisions/034).
      import('./registry.ts')
        // On the primary, whoever enqueued it (decision 055).
        .then(({ runJob }) => readFromPrimary(() => runJob(name, data)))
        .catch((error: unknown) => {
          const retry = attemptsLeft > 1
          logger.error({ err: error, job: name, retry }, 'in-process job failed')
          if (retry) runInProcess(name, data, attemptsLeft - 1, backoff, backoff * 2)
        }),
    )
  }, delay).unref()
}

export async function closeQueues(): Promise<void> {
  const open = [...queues.values()]
  queues.clear()
  await Promise.all(open.map((queue) => queue.close()))
}
