import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { CONTENT_CHANGED } from '#app/lib/page-tags.ts'
import { publishDueGuides } from '#app/services/document.server.ts'
import { toWallTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { getQueue } from '#jobs/queues.ts'
import { startWorkers, type RunningWorkers } from '#jobs/runtime.ts'
import { createGuide, updateGuide } from '#tests/support/documents.ts'
import { recordPageDrops } from '#tests/support/page-drops.ts'
import { createPanelUser } from '#tests/support/panel-users.ts'
import { expectOneSchedule } from '#tests/support/schedules.ts'

// Scheduled publishing on Redis (docs/decisions/052): a schedule is a delayed BullMQ job on the 'content' queue,
// run by the worker at the guide's time; the five-minute sweep publishes a guide whose job was lost; and
// publishing is idempotent, audited, and drops the content pages once. The clock (Date only, running on) is set
// just before the moment a test waits for, so nothing waits minutes; BullMQ reads the same clock.

const TZ = 'America/New_York'
const MINUTE = 60_000
const editor = await createPanelUser('editor')
const drops = recordPageDrops()
const queue = getQueue('content')

let workers: RunningWorkers | undefined
// Each test's guides are the only ones waiting for their time.
beforeEach(() => db.deleteFrom('documents').where('status', '=', 'scheduled').execute())
afterEach(async () => {
  await workers?.close()
  workers = undefined
  vi.useRealTimers()
})

/** Runs the clock from `ms` before `at`. */
const clockBefore = (at: Date, ms: number) =>
  vi.useFakeTimers({ now: at.getTime() - ms, toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 5 })

/** A whole minute at least `minutes` ahead that is no five-minute mark (the sweep's), so only its own job runs then. */
function minuteAhead(minutes: number): Date {
  let at = Math.ceil(Date.now() / MINUTE) * MINUTE + minutes * MINUTE
  if ((at / MINUTE) % 5 === 0) at += MINUTE
  return new Date(at)
}

const guideRow = (id: number) =>
  db
    .selectFrom('documents')
    .select(['status', 'publish_at', 'published_at', 'revision'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const publishAudits = (id: number) =>
  db
    .selectFrom('audit_log')
    .select(['actor_id', 'diff'])
    .where('entity_type', '=', 'GUIDE')
    .where('entity_id', '=', String(id))
    .where('action', '=', 'PUBLISH')
    .execute()
const delayedJob = async (id: string) => (await queue.getDelayed()).find((job) => job.id === id)

describe('scheduled guides on Redis', () => {
  test('a schedule is a delayed job on the content queue, by guide and time, run by the worker at that time', async () => {
    const at = minuteAhead(1)
    clockBefore(at, 3_000)
    const saved = await createGuide(editor.id, {
      title: 'Delayed job guide',
      intent: 'schedule',
      publishAt: toWallTime(at, TZ),
    })
    const job = await delayedJob(`publish-guide-${saved.id}-${at.getTime()}`)
    expect(job).toBeDefined()
    expect(job!.name).toBe('publish-guides')
    expect(job!.data).toEqual({})
    // A second after its time (a timer may fire a little early by the clock).
    expect(job!.timestamp + job!.opts.delay!).toBeGreaterThanOrEqual(at.getTime() + 1_000)
    expect(job!.timestamp + job!.opts.delay!).toBeLessThan(at.getTime() + 1_100)

    workers = startWorkers()
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect((await guideRow(saved.id)).status).toBe('scheduled')
    await expect
      .poll(async () => (await guideRow(saved.id)).status, { timeout: 8_000, interval: 100 })
      .toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    expect(await guideRow(saved.id)).toMatchObject({ publish_at: null, published_at: at })
    const done = await queue.getJob(job!.id!)
    expect(await done!.getState()).toBe('completed')
    expect(done!.returnvalue).toEqual({ published: 1 })
    expect(await publishAudits(saved.id)).toEqual([
      { actor_id: null, diff: { status: { from: 'scheduled', to: 'published' } } },
    ])
  }, 30_000)

  test('rescheduled later: a job of its own; the earlier one, run at its time, publishes nothing', async () => {
    const first = minuteAhead(3)
    const later = new Date(first.getTime() + 10 * MINUTE)
    const saved = await createGuide(editor.id, {
      title: 'Rescheduled guide',
      intent: 'schedule',
      publishAt: toWallTime(first, TZ),
    })
    await updateGuide(editor.id, saved.id, 1, {
      title: 'Rescheduled guide',
      intent: 'schedule',
      publishAt: toWallTime(later, TZ),
    })
    const early = await delayedJob(`publish-guide-${saved.id}-${first.getTime()}`)
    expect(await delayedJob(`publish-guide-${saved.id}-${later.getTime()}`)).toBeDefined()

    clockBefore(first, 0)
    workers = startWorkers()
    await early!.promote()
    await expect.poll(async () => (await queue.getJob(early!.id!))?.getState(), { timeout: 5_000 }).toBe('completed')
    expect((await queue.getJob(early!.id!))!.returnvalue).toEqual({ published: 0 })
    expect(await guideRow(saved.id)).toMatchObject({ status: 'scheduled', publish_at: later })
  }, 20_000)

  test('publishDueGuides publishes each due guide once, however often it runs, audits it, and drops pages once', async () => {
    const at = minuteAhead(30)
    const due = await Promise.all(
      ['Idempotent one', 'Idempotent two'].map((title) =>
        createGuide(editor.id, { title, intent: 'schedule', publishAt: toWallTime(at, TZ) }),
      ),
    )
    // Published before, taken back and scheduled again: it keeps the day it was first published.
    const again = await createGuide(editor.id, { title: 'Published before' })
    const { published_at: firstPublished } = await guideRow(again.id)
    await updateGuide(editor.id, again.id, 1, { title: 'Published before', intent: 'unpublish' })
    await updateGuide(editor.id, again.id, 2, {
      title: 'Published before',
      intent: 'schedule',
      publishAt: toWallTime(at, TZ),
    })
    const ids = [...due.map((guide) => guide.id), again.id]
    drops.take()

    expect(await publishDueGuides(new Date(at.getTime() - 1))).toBe(0)
    expect(drops.take()).toEqual([])

    const after = new Date(at.getTime() + 1)
    const runs = await Promise.all([publishDueGuides(after), publishDueGuides(after)])
    expect(runs[0]! + runs[1]!).toBe(3)
    expect(await publishDueGuides(after)).toBe(0)
    // One drop per run that published something; none from the run that found nothing to do.
    expect(drops.take()).toEqual(runs.filter(Boolean).map(() => CONTENT_CHANGED))

    for (const id of ids) {
      expect(await publishAudits(id)).toEqual([
        { actor_id: null, diff: { status: { from: 'scheduled', to: 'published' } } },
      ])
    }
    expect(await guideRow(due[0]!.id)).toMatchObject({ status: 'published', publish_at: null, published_at: at })
    // Publishing is not a revision of the text.
    expect((await guideRow(due[0]!.id)).revision).toBe(1)
    expect(await guideRow(again.id)).toMatchObject({ status: 'published', published_at: firstPublished })
  })

  test('the sweep is one scheduler every five minutes, and publishes an overdue guide whose job was lost', async () => {
    await expectOneSchedule(
      'content',
      { key: 'publish-due-guides', name: 'publish-guides', pattern: '*/5 * * * *', tz: TZ },
      2,
    )
    const at = minuteAhead(1)
    const saved = await createGuide(editor.id, {
      title: 'Lost job guide',
      intent: 'schedule',
      publishAt: toWallTime(at, TZ),
    })
    const lost = await delayedJob(`publish-guide-${saved.id}-${at.getTime()}`)
    await lost!.remove()

    // A server restarted past the guide's time, just before the sweep's next five-minute mark.
    const mark = new Date(Math.ceil((at.getTime() + 1) / (5 * MINUTE)) * 5 * MINUTE)
    await queue.removeJobScheduler('publish-due-guides')
    clockBefore(mark, 2_000)
    expect((await guideRow(saved.id)).status).toBe('scheduled')
    workers = startWorkers()
    await expect
      .poll(async () => (await guideRow(saved.id)).status, { timeout: 10_000, interval: 100 })
      .toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(mark.getTime())
    expect(await guideRow(saved.id)).toMatchObject({ published_at: at })
    // The scheduler's run at the mark published it (earlier tests' runs, if any, found nothing due). BullMQ records
    // the job as completed just after its transaction commits: polled, as the guide's status was.
    const sweepsThatPublished = async () =>
      (await queue.getCompleted()).filter(
        (job) => job.id?.startsWith('repeat:publish-due-guides') && job.returnvalue?.published,
      )
    await expect
      .poll(async () => (await sweepsThatPublished()).map((job) => job.returnvalue), { timeout: 5_000, interval: 100 })
      .toEqual([{ published: 1 }])
    const published = await sweepsThatPublished()
    expect(published[0]!.processedOn).toBeGreaterThanOrEqual(mark.getTime())
    expect(await publishAudits(saved.id)).toHaveLength(1)
  }, 30_000)
})
