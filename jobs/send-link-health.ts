import { UnrecoverableError } from 'bullmq'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { logger } from '#app/lib/logger.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import {
  listLinkHealthRecipients,
  lockUnnotifiedProblems,
  markProblemsNotified,
} from '#app/models/link-health.server.ts'
import { linkHealthMailer } from '#app/utils/link-health-mail.server.ts'
import { db, type Database } from '#db/client.ts'
import { enqueue } from './queues.ts'

// The daily link-health e-mail (docs/decisions/047): each opted-in panel user gets one message listing the open
// problems no e-mail has told of yet, and those are then marked notified. Nothing new, no mail.

/** Problems taken by one run; more wait for the next day's (a message lists 50 and counts the rest). */
const RUN_LIMIT = 1_000
// As the digest's (decision 015): longer than any retry of a run, and outliving the trimming of finished jobs.
const DEDUPLICATION_MS = 8 * 24 * 3600 * 1000

const dataSchema = z.object({})
export type SendLinkHealthData = z.infer<typeof dataSchema>

export interface LinkHealthMail {
  jobId: string
  mail: MailMessage
}

/**
 * One run: the problems are locked while their messages are handed to `deliver` and marked notified in the
 * same transaction. A run that dies before its commit leaves them un-notified; the next run takes the same
 * problems and makes the same job ids (the run's last problem id and the recipient), which the queue drops,
 * so nobody is mailed twice. Answers how many messages and problems there were.
 */
export async function runLinkHealthMail(
  database: Kysely<Database>,
  deliver: (mails: LinkHealthMail[]) => Promise<void>,
) {
  return database.transaction().execute(async (trx) => {
    const problems = await lockUnnotifiedProblems(trx, RUN_LIMIT)
    if (problems.length === 0) return { mails: 0, problems: 0 }
    const recipients = await listLinkHealthRecipients(trx)
    const runKey = problems.at(-1)!.id
    const mailFor = linkHealthMailer(problems)
    await deliver(recipients.map((user) => ({ jobId: `link-health-${runKey}-${user.id}`, mail: mailFor(user) })))
    // Marked even when nobody asked for the e-mail: a user who opts in later hears of new problems only.
    await markProblemsNotified(
      trx,
      problems.map((problem) => problem.id),
    )
    logger.info({ mails: recipients.length, problems: problems.length }, 'link-health e-mail run')
    return { mails: recipients.length, problems: problems.length }
  })
}

/** The `send-link-health` job: its messages go out as `send-mail` jobs, which retry on their own. */
export async function sendLinkHealthJob(data: SendLinkHealthData = {}) {
  const parsed = dataSchema.safeParse(data)
  if (!parsed.success) throw new UnrecoverableError(`invalid link-health job: ${parsed.error.message}`)
  return runLinkHealthMail(db, async (mails) => {
    await Promise.all(
      mails.map(({ jobId, mail }) =>
        enqueue('send-mail', mail, { jobId, deduplication: { id: jobId, ttl: DEDUPLICATION_MS } }),
      ),
    )
  })
}
