import type { JobsOptions } from 'bullmq'
import type { JobData, JobName } from '#jobs/names.ts'
import { enqueue } from '#jobs/queues.ts'
import { logger } from './logger.server.ts'

export const QUEUE_UNAVAILABLE =
  'The job queue (Redis) cannot be reached right now, so nothing was started. Try again in a minute.'

/**
 * Puts a job on its queue for an admin action: null when it is queued, or the message to show when the queue
 * cannot take it. Bounded in time, because BullMQ waits for a lost Redis rather than failing.
 */
export async function enqueueForAdmin<N extends JobName>(
  name: N,
  data: JobData<N>,
  options: JobsOptions = {},
): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('queue did not answer within 5 s')), 5_000)
  })
  try {
    await Promise.race([enqueue(name, data, options), timeout])
    return null
  } catch (error) {
    logger.error({ err: error, job: name }, 'job not queued')
    return QUEUE_UNAVAILABLE
  } finally {
    clearTimeout(timer)
  }
}
