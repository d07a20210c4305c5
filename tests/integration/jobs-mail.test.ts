import { afterAll, describe, expect, test } from 'vitest'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

const sink = await startSmtpSink()
process.env.SMTP_URL = sink.url
process.env.MAIL_FROM = 'Comic Vault Supplies <no-reply@comicvault.test>'

const { enqueue } = await import('#jobs/queues.ts')
const { startWorkers } = await import('#jobs/runtime.ts')

describe('mail through the job queue', () => {
  const workers = startWorkers()
  afterAll(async () => {
    await workers.close()
    await sink.close()
  })

  test('a send-mail job on BullMQ reaches a real SMTP server with both parts', async () => {
    await enqueue('send-mail', {
      to: 'collector@example.com',
      subject: 'Your sign-in link',
      text: 'Open http://localhost:3000/link to continue.',
      html: '<p>Open <a href="http://localhost:3000/link">this link</a> to continue.</p>',
    })
    const mail = await sink.waitFor('collector@example.com')
    expect(mail.subject).toBe('Your sign-in link')
    expect(mail.from?.text).toBe('"Comic Vault Supplies" <no-reply@comicvault.test>')
    expect(mail.text?.trim()).toBe('Open http://localhost:3000/link to continue.')
    expect(mail.html).toContain('href="http://localhost:3000/link"')
  })

  test('a malformed job fails at once, without retries, instead of sending', async () => {
    const { getQueue } = await import('#jobs/queues.ts')
    const job = await getQueue('mail').add('send-mail', { to: 'not-an-address', subject: '', text: '', html: '' })
    await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('failed')
    expect(job.attemptsMade).toBeLessThanOrEqual(1)
    expect(sink.messages.some((m) => m.subject === '')).toBe(false)
  })
})
