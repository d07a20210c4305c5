import { UnrecoverableError } from 'bullmq'
import { z } from 'zod'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { listFeaturedProducts, listNewProducts } from '#app/models/product.server.ts'
import { listConfirmedSubscribers } from '#app/models/subscriber.server.ts'
import { digestMailer } from '#app/utils/digest-mail.server.ts'
import { isoWeek } from '#app/utils/iso-week.ts'
import { db, type Executor } from '#db/client.ts'
import { enqueue } from './queues.ts'

/** Products per section of the digest. */
export const DIGEST_SECTION_SIZE = 12
const SUBSCRIBER_PAGE = 500
const WEEK_MS = 7 * 24 * 3600 * 1000
// How long BullMQ remembers that a run mailed a subscriber: longer than any retry of the run. The key
// outlives the trimming of finished jobs (removeOnComplete), which a bare jobId would not.
const DEDUPLICATION_MS = 8 * 24 * 3600 * 1000

const dataSchema = z.object({
  runKey: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
})

export type SendDigestData = z.infer<typeof dataSchema>

export interface DigestMail {
  subscriberId: number
  mail: MailMessage
}

export interface DigestOptions {
  /** Names the run: every mail of a run is sent once, however often the run is repeated. */
  runKey: string
  /** Hands over one page of messages. */
  deliver: (mails: DigestMail[]) => Promise<void>
  now?: Date
}

/**
 * Mails the week's new and featured products to every confirmed subscriber, a page of subscribers at a
 * time. Returns how many messages were handed to `deliver`, and whether there was nothing to tell.
 */
export async function runDigest(db: Executor, { runKey, deliver, now = new Date() }: DigestOptions) {
  const [newProducts, featured] = await Promise.all([
    listNewProducts(db, new Date(now.getTime() - WEEK_MS), DIGEST_SECTION_SIZE),
    // Twice the size, as new products that are also featured are listed only once, under "New this week".
    listFeaturedProducts(db, DIGEST_SECTION_SIZE * 2),
  ])
  const isNew = new Set(newProducts.map((product) => product.id))
  const content = {
    newProducts,
    featured: featured.filter((product) => !isNew.has(product.id)).slice(0, DIGEST_SECTION_SIZE),
  }
  if (content.newProducts.length === 0 && content.featured.length === 0) {
    logger.info({ runKey }, 'digest skipped: no new or featured products')
    return { skipped: true, mails: 0 }
  }

  const mailFor = digestMailer(content)
  let mails = 0
  for (let afterId = 0; ;) {
    const page = await listConfirmedSubscribers(db, afterId, SUBSCRIBER_PAGE)
    if (page.length === 0) break
    await deliver(page.map((subscriber) => ({ subscriberId: subscriber.id, mail: mailFor(subscriber) })))
    mails += page.length
    afterId = page.at(-1)!.id
  }
  logger.info({ runKey, mails, new: content.newProducts.length, featured: content.featured.length }, 'digest run')
  return { skipped: false, mails }
}

/** The mail job's id: one per run and subscriber, so a repeated run adds nothing new. */
export const digestMailJobId = (runKey: string, subscriberId: number) => `digest-${runKey}-${subscriberId}`

/**
 * The `send-digest` job. A scheduled run (no runKey) is keyed by its ISO week in REFRESH_TZ, so retries,
 * redeliveries and a second firing in the same week mail no one twice.
 */
export async function sendDigestJob(data: SendDigestData): Promise<void> {
  const parsed = dataSchema.safeParse(data)
  if (!parsed.success) throw new UnrecoverableError(`invalid digest job: ${parsed.error.message}`)
  const now = new Date()
  const runKey = parsed.data.runKey ?? isoWeek(now, getEnv().REFRESH_TZ)
  await runDigest(db, {
    runKey,
    now,
    deliver: async (mails) => {
      await Promise.all(
        mails.map(({ subscriberId, mail }) => {
          const id = digestMailJobId(runKey, subscriberId)
          return enqueue('send-mail', mail, { jobId: id, deduplication: { id, ttl: DEDUPLICATION_MS } })
        }),
      )
    },
  })
}
