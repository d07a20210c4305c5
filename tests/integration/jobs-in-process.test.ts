import { afterAll, describe, expect, test } from 'vitest'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

// The embedded mode: no Redis, so the job runs inside the process that enqueued it.
const sink = await startSmtpSink()
process.env.SMTP_URL = sink.url
process.env.REDIS_URL = ''

const { enqueue } = await import('#jobs/queues.ts')

describe('jobs without Redis', () => {
  afterAll(() => sink.close())

  test('enqueue runs the handler in-process', async () => {
    await enqueue('send-mail', { to: 'offline@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' })
    const mail = await sink.waitFor('offline@example.com')
    expect(mail.subject).toBe('Hello')
  })

  test('a job id seen before is dropped, as BullMQ drops it', async () => {
    const mail = { to: 'once@example.com', subject: 'Once', text: 'Hi', html: '<p>Hi</p>' }
    await enqueue('send-mail', mail, { jobId: 'digest-w1-7' })
    await enqueue('send-mail', mail, { jobId: 'digest-w1-7' })
    await enqueue('send-mail', mail, { deduplication: { id: 'digest-w1-7' } })
    await enqueue('send-mail', { ...mail, subject: 'Other' }, { jobId: 'digest-w2-7' })
    await sink.waitFor('once@example.com')
    await expect.poll(() => sink.messages.filter((m) => m.subject === 'Other').length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sink.messages.filter((m) => m.subject === 'Once')).toHaveLength(1)
  })
})
