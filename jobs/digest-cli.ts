import '../scripts/load-dotenv.ts'
import { refuseToStart, runOnce, startEntryPoint } from '../scripts/entry-point.ts'
import type { DigestMail } from './send-digest.ts'

// npm run digest: the weekly digest, now. It sends the mail itself, over SMTP_URL, instead of queueing it:
// it then works whether or not a worker runs, and can say how many went out. Each run has a fresh key.

const MAIL_CONCURRENCY = 4

const { env, logger } = await startEntryPoint({ service: 'digest', signs: true })
if (!env.DATABASE_URL) {
  refuseToStart(
    'npm run digest needs DATABASE_URL. The embedded database belongs to the running app (npm start), which sends the digest on its schedule.',
  )
}
const { sendMail } = await import('#app/lib/mail.server.ts')
const { db } = await import('#db/client.ts')
const { runDigest } = await import('./send-digest.ts')

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

await runOnce('digest', async () => {
  const outcome = await runDigest(db, { runKey: `manual-${Date.now()}`, deliver: sendAll })
  if (outcome.skipped) console.log('Digest not sent: no new or featured products this week.')
  else console.log(`Digest sent to ${sent} subscriber${sent === 1 ? '' : 's'}${failed ? `; ${failed} failed` : ''}.`)
  return !failed
})
