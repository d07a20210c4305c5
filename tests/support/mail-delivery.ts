import { afterAll, expect } from 'vitest'
import { startSmtpSink } from './smtp-sink.ts'

/**
 * Real mail for a test file: an SMTP sink the app sends to, and the BullMQ workers that deliver its mail jobs,
 * both stopped after the file. Call it before the file imports the app, which reads SMTP_URL (and SITE_URL,
 * the origin of the links it mails) once.
 */
export async function startMailDelivery({ siteUrl }: { siteUrl?: string } = {}) {
  const sink = await startSmtpSink()
  process.env.SMTP_URL = sink.url
  if (siteUrl) process.env.SITE_URL = siteUrl
  const { startWorkers } = await import('#jobs/runtime.ts')
  const workers = startWorkers()
  afterAll(async () => {
    await workers.close()
    await sink.close()
  })
  return sink
}

/** Waits until the mail queue has nothing left to send (the workers `startMailDelivery` started deliver it). */
export async function mailQueueIdle() {
  const { getQueue } = await import('#jobs/queues.ts')
  await expect
    .poll(
      async () => {
        const counts = await getQueue('mail').getJobCounts('waiting', 'active', 'delayed', 'prioritized')
        return Object.values(counts).reduce((sum, count) => sum + count, 0)
      },
      { timeout: 15_000 },
    )
    .toBe(0)
}
