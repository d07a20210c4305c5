import '../scripts/load-dotenv.ts'
import type { DigestMail } from './send-digest.ts'
process.env.SERVICE_NAME ??= 'digest'
const { envOrExit } = await import('#app/lib/env.server.ts')
const { logger } = await import('#app/lib/logger.server.ts')
const { sendMail } = await import('#app/lib/mail.server.ts')
const { closeDatabase, db } = await import('#db/client.ts')
const { runDigest } = await import('./send-digest.ts')

// npm run digest: the weekly digest, now. It sends the mail itself, over SMTP_URL, instead of queueing it:
// it then works whether or not a worker runs, and can say how many went out. Each run has a fresh key.

const MAIL_CONCURRENCY = 4

const env = envOrExit({ signs: true })
if (!env.DATABASE_URL) {
  console.error(
    'npm run digest needs DATABASE_URL. The embedded database belongs to the running app (npm start), which sends the digest on its schedule.',
  )
  process.exit(1)
}

let sent = 0
let failed = 0

async function sendAll(mails: DigestMail[]) {
  const queue = [...mails]
  const sender = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await sendMail(next.mail)
        sent++
      } catch (error) {
        failed++
        logger.error({ err: error, subscriber: next.subscriberId }, 'digest mail not sent')
      }
    }
  }
  await Promise.all(Array.from({ length: MAIL_CONCURRENCY }, sender))
}

const outcome = await runDigest(db, { runKey: `manual-${Date.now()}`, deliver: sendAll }).catch((error: unknown) => {
  logger.fatal({ err: error }, 'digest failed')
  return null
})
if (outcome?.skipped) console.log('Digest not sent: no new or featured products this week.')
else console.log(`Digest sent to ${sent} subscriber${sent === 1 ? '' : 's'}${failed ? `; ${failed} failed` : ''}.`)
await closeDatabase()
process.exit(outcome && !failed ? 0 : 1)
