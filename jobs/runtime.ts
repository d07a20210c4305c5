import { Worker } from 'bullmq'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { createRedisConnection } from '#app/lib/redis.server.ts'
import { queueNames, type JobName } from './names.ts'
import { closeQueues } from './queues.ts'
import { runJob } from './registry.ts'
import { registerSchedulesUntilDone, startScheduleTimers } from './schedules.ts'

export interface RunningWorkers {
  close(): Promise<void>
}

/**
 * Starts one BullMQ worker per queue and registers the recurring jobs (unless RUN_SCHEDULES is off). Without
 * Redis there is no worker to start: `enqueue` runs jobs in the process that asked for them, and timers here fire
 * the schedules.
 */
export function startWorkers(): RunningWorkers {
  if (!getEnv().REDIS_URL) {
    logger.info('REDIS_URL unset: jobs and schedules run in-process')
    const timers = getEnv().RUN_SCHEDULES ? startScheduleTimers() : undefined
    return {
      async close() {
        timers?.close()
        await closeQueues()
      },
    }
  }
  const workers = queueNames.map((queue) => {
    const worker = new Worker(queue, (job) => runJob(job.name as JobName, job.data), {
      connection: createRedisConnection({ maxRetriesPerRequest: null }),
      prefix: getEnv().REDIS_PREFIX,
      concurrency: 4,
    })
    worker.on('failed', (job, error) =>
      logger.error({ err: error, queue, job: job?.name, id: job?.id, attempts: job?.attemptsMade }, 'job failed'),
    )
    worker.on('error', (error) => logger.warn({ err: error, queue }, 'worker error'))
    return worker
  })
  const stopRegistering = registerSchedulesUntilDone()
  logger.info({ queues: queueNames }, 'workers started')
  return {
    async close() {
      stopRegistering()
      // close() waits for the jobs in hand to finish; the caller bounds it with its shutdown deadline.
      await Promise.all(workers.map((worker) => worker.close()))
      await closeQueues()
    },
  }
}
