import { importProductsJob } from './import-products.ts'
import type { JobData, JobName } from './names.ts'
import { publishGuidesJob } from './publish-guides.ts'
import { refreshProductsJob } from './refresh-products.ts'
import { sendDigestJob } from './send-digest.ts'
import { sendLinkHealthJob } from './send-link-health.ts'
import { sendMailJob } from './send-mail.ts'

/**
 * Every job's handler, loaded by the runtimes only (the workers, the in-process driver: docs/decisions/034).
 * Handlers must be idempotent: BullMQ delivers at least once, and the in-process driver retries too.
 */
const handlers: { [N in JobName]: (data: JobData<N>) => Promise<unknown> } = {
  'send-mail': sendMailJob,
  'send-digest': sendDigestJob,
  'refresh-products': refreshProductsJob,
  'import-products': importProductsJob,
  'send-link-health': sendLinkHealthJob,
  'publish-guides': publishGuidesJob,
}

export function runJob<N extends JobName>(name: N, data: JobData<N>): Promise<unknown> {
  return handlers[name](data)
}
