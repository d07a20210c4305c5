import { importProductsJob } from './import-products.ts'
import { refreshProductsJob } from './refresh-products.ts'
import { sendDigestJob } from './send-digest.ts'
import { sendMailJob } from './send-mail.ts'

/**
 * Every job: its handler and the queue it runs on. Handlers must be idempotent: BullMQ delivers at
 * least once, and the in-process driver retries too.
 */
export const jobs = {
  'send-mail': { queue: 'mail', handler: sendMailJob },
  'send-digest': { queue: 'digest', handler: sendDigestJob },
  'refresh-products': { queue: 'amazon', handler: refreshProductsJob },
  'import-products': { queue: 'amazon', handler: importProductsJob },
} as const

export type JobName = keyof typeof jobs
export type JobData<N extends JobName> = Parameters<(typeof jobs)[N]['handler']>[0]
export type QueueName = (typeof jobs)[JobName]['queue']

export const queueNames = [...new Set(Object.values(jobs).map((job) => job.queue))] as QueueName[]

export function runJob<N extends JobName>(name: N, data: JobData<N>): Promise<unknown> {
  const handler = jobs[name].handler as (data: JobData<N>) => Promise<unknown>
  return handler(data)
}
