import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { ParsedMail } from 'mailparser'
import { describe, expect, test } from 'vitest'
import { createProduct, hoursAgo } from '#tests/support/catalogue.ts'
import { mailQueueIdle, startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, replyOf } from '#tests/support/remix.ts'
import { expectOneSchedule } from '#tests/support/schedules.ts'

// The weekly digest end to end: the job (directly and through BullMQ) → send-mail jobs → a real SMTP server.
const sink = await startMailDelivery()

const { sendDigestJob } = await import('#jobs/send-digest.ts')
const { enqueue, getQueue } = await import('#jobs/queues.ts')
const unsubscribeRoute = await import('#app/routes/_site.unsubscribe.tsx')
const { isoWeek } = await import('#app/utils/iso-week.ts')
const { db } = await import('#db/client.ts')

const DAY_MS = 24 * 3600 * 1000
const run = promisify(execFile)
const SUBJECT = 'This week at Comic Vault Supplies: new and featured comic storage supplies'

async function subscriber(email: string, status: 'pending' | 'confirmed' | 'unsubscribed') {
  return db.insertInto('subscribers').values({ email, status }).returning('id').executeTakeFirstOrThrow()
}

const to = (mail: ParsedMail) => [mail.to].flat().map((address) => address?.text.toLowerCase())
const digestsTo = (email: string) => sink.messages.filter((m) => m.subject === SUBJECT && to(m).includes(email))

/** A header exactly as it is on the wire, unfolded. */
function header(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((entry) => entry.key === name.toLowerCase())?.line
  return line
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim()
}

const fresh = await createProduct({ title: 'Fresh Mylar <Sleeves> & Co', price: '12.34', created_at: hoursAgo(24) })
const stale = await createProduct({ title: 'Stale Board Pack', price: '99.99', last_updated: hoursAgo(30) })
const manual = await createProduct({ title: 'Manually Priced Box', price: '20.00', manual_price: '17.50' })
const featured = await createProduct({
  title: 'Featured Long Box',
  price: '30.00',
  is_featured: true,
  created_at: new Date(Date.now() - 40 * DAY_MS),
})
await createProduct({ title: 'Hidden New Product', soft_hidden: true })
await createProduct({ title: 'Hidden Featured Product', soft_hidden: true, is_featured: true })
await createProduct({ title: 'Old Plain Product', created_at: new Date(Date.now() - 8 * DAY_MS) })

const reader = await subscriber('reader@example.com', 'confirmed')
await subscriber('second@example.com', 'confirmed')
await subscriber('pending@example.com', 'pending')
await subscriber('gone@example.com', 'unsubscribed')

describe('weekly digest', () => {
  test('goes to confirmed subscribers only, with new and featured products, their pages and unsubscribe', async () => {
    await sendDigestJob({ runKey: 'content' })
    const mail = await sink.waitFor('reader@example.com')
    await sink.waitFor('second@example.com')
    await mailQueueIdle()
    expect(digestsTo('pending@example.com')).toEqual([])
    expect(digestsTo('gone@example.com')).toEqual([])
    expect(sink.messages.filter((m) => m.subject === SUBJECT)).toHaveLength(2)

    const text = mail.text ?? ''
    const html = String(mail.html)
    expect(mail.subject).toBe(SUBJECT)
    for (const product of [fresh, stale, manual, featured]) {
      expect(text).toContain(product.title)
      expect(text).toContain(`http://localhost:3000/product/${product.asin}`)
      expect(html).toContain(`href="http://localhost:3000/product/${product.asin}"`)
    }
    expect(text).not.toContain('Hidden')
    expect(text).not.toContain('Old Plain Product')
    // The sections: the week's new products, then featured ones.
    expect(text.indexOf('New this week')).toBeLessThan(text.indexOf(fresh.title))
    expect(text.indexOf('Featured')).toBeLessThan(text.indexOf(featured.title))
    expect(text.indexOf(fresh.title)).toBeLessThan(text.indexOf('Featured'))

    // No price, current or not: the product's page has today's (tests/integration/mail-rules.test.ts checks every mail).
    for (const price of ['12.34', '17.50', '20.00', '30.00', '99.99']) {
      expect(text).not.toContain(price)
      expect(html).not.toContain(price)
    }
    expect(text).toContain('As an Amazon Associate I earn from qualifying purchases.')

    // Titles are escaped in the HTML part.
    expect(html).toContain('Fresh Mylar &lt;Sleeves&gt; &amp; Co')
    expect(html).not.toContain('<Sleeves>')

    // The signed unsubscribe link, in the body and in the RFC 8058 headers.
    const leave = `http://localhost:3000/unsubscribe?id=${reader.id}&sig=`
    expect(text).toContain(leave)
    expect(html).toContain(`href="${leave.replace('&', '&amp;')}`)
    expect(header(mail, 'List-Unsubscribe')).toMatch(new RegExp(`^<${leave.replace(/[?.]/g, '\\$&')}[\\w-]+>$`))
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
  })

  test('a run repeated with the same key mails each subscriber once; a new key mails again', async () => {
    const before = digestsTo('reader@example.com').length
    await Promise.all([sendDigestJob({ runKey: 'repeat' }), sendDigestJob({ runKey: 'repeat' })])
    await sendDigestJob({ runKey: 'repeat' })
    await sink.waitFor('second@example.com')
    await mailQueueIdle()
    expect(digestsTo('reader@example.com')).toHaveLength(before + 1)

    await sendDigestJob({ runKey: 'another' })
    await mailQueueIdle()
    await expect.poll(() => digestsTo('reader@example.com').length).toBe(before + 2)
  })

  test('a scheduled run (no key) is keyed by its ISO week, so a retry in the same week sends nothing more', async () => {
    const before = digestsTo('reader@example.com').length
    await enqueue('send-digest', {})
    await expect.poll(() => digestsTo('reader@example.com').length, { timeout: 15_000 }).toBe(before + 1)
    await enqueue('send-digest', {})
    await expect.poll(() => getQueue('digest').getCompletedCount(), { timeout: 15_000 }).toBe(2)
    await mailQueueIdle()
    expect(digestsTo('reader@example.com')).toHaveLength(before + 1)
    const week = isoWeek(new Date(), 'America/New_York')
    expect(await getQueue('mail').getJob(`digest-${week}-${reader.id}`)).toBeDefined()
  })

  test('registers exactly one weekly schedule, Monday 09:00 in REFRESH_TZ, however often workers start', async () => {
    await expectOneSchedule(
      'digest',
      { key: 'weekly-digest', name: 'send-digest', pattern: '0 9 * * 1', tz: 'America/New_York' },
      3,
    )
  })

  test('one-click unsubscribe (RFC 8058): a POST with no Origin to the List-Unsubscribe URL, answered 200', async () => {
    const { id } = await subscriber('one-click@example.com', 'confirmed')
    await sendDigestJob({ runKey: 'one-click' })
    const mail = await sink.waitFor('one-click@example.com')
    const url = /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!

    const result = replyOf(await callAction(unsubscribeRoute.action, url, 'List-Unsubscribe=One-Click'))
    expect(result.data).toEqual({ done: true })
    expect(result.status).toBe(200)
    expect(result.headers.get('Cache-Control')).toBe('no-store')
    const row = await db.selectFrom('subscribers').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.status).toBe('unsubscribed')

    await sendDigestJob({ runKey: 'after-one-click' })
    await mailQueueIdle()
    expect(digestsTo('one-click@example.com')).toHaveLength(1)
  })

  test('npm run digest sends now, itself, and says how many it sent', async () => {
    const before = digestsTo('second@example.com').length
    const { stdout } = await run('npx', ['tsx', 'jobs/digest-cli.ts'], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      timeout: 30_000,
    })
    // reader and second; one-click@example.com has left.
    expect(stdout).toContain('Digest sent to 2 subscribers.')
    expect(digestsTo('second@example.com')).toHaveLength(before + 1)
    expect(digestsTo('one-click@example.com')).toHaveLength(1)
  })

  test('npm run digest without DATABASE_URL says why it cannot run', async () => {
    const failure = await run('npx', ['tsx', 'jobs/digest-cli.ts'], {
      env: { ...process.env, DATABASE_URL: '' },
      timeout: 30_000,
    }).catch((error: { code: number; stderr: string }) => error)
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining('npm run digest needs DATABASE_URL') })
  })

  test('nothing new or featured: the run is skipped and no one is mailed', async () => {
    await db
      .updateTable('products')
      .set({ is_featured: false, created_at: new Date(Date.now() - 30 * DAY_MS) })
      .execute()
    const before = sink.messages.length
    await sendDigestJob({ runKey: 'empty' })
    await mailQueueIdle()
    expect(sink.messages.length).toBe(before)
  })
})
