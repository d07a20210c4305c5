import type { ImportProductsData } from './import-products.ts'
import type { PublishGuidesData } from './publish-guides.ts'
import type { RefreshProductsData } from './refresh-products.ts'
import type { SendDigestData } from './send-digest.ts'
import type { SendLinkHealthData } from './send-link-health.ts'
import type { SendMailData } from './send-mail.ts'

// Every job's name, the queue it runs on and the data it takes. A leaf (it imports types only), so whoever
// enqueues a job loads no handler with it: not the digest, not the Amazon client. The handlers are in
// registry.ts, which only the runtimes load (docs/decisions/034).

export const jobQueues = {
  'send-mail': 'mail',
  'send-digest': 'digest',
  'refresh-products': 'amazon',
  'import-products': 'amazon',
  // A queue of its own, like each scheduled job's: its pending run never sits among the mail still to send.
  'send-link-health': 'link-health',
  'publish-guides': 'content',
} as const

export interface JobDataByName {
  'send-mail': SendMailData
  'send-digest': SendDigestData
  'refresh-products': RefreshProductsData
  'import-products': ImportProductsData
  'send-link-health': SendLinkHealthData
  'publish-guides': PublishGuidesData
}

export type JobName = keyof typeof jobQueues
export type JobData<N extends JobName> = JobDataByName[N]
export type QueueName = (typeof jobQueues)[JobName]

export const queueNames = [...new Set(Object.values(jobQueues))] as QueueName[]
