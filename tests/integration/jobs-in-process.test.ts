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
})
