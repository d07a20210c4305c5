import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { serveForTests } from '#tests/support/serve.ts'

// Scheduled publishing without Redis (docs/decisions/052): the embedded setup's in-process driver holds the
// delayed job on a timer, which publishes the guide at its time, and the pages that list guides (their list and
// the sitemaps) are dropped then, not before. The pages here are stand-ins served through the real page cache at
// the real addresses (their tags come from the address, app/lib/page-tags.ts), rendering from the real models.
process.env.REDIS_URL = ''

const { createPageCache } = await import('#app/lib/page-cache.server.ts')
const { CONTENT_CHANGED } = await import('#app/lib/page-tags.ts')
const { listGuidesForSitemap, listPublishedGuides } = await import('#app/models/document.server.ts')
const { toWallTime } = await import('#app/utils/format.ts')
const { db } = await import('#db/client.ts')
const { createGuide } = await import('#tests/support/documents.ts')
const { recordPageDrops } = await import('#tests/support/page-drops.ts')
const { createPanelUser } = await import('#tests/support/panel-users.ts')

const editor = await createPanelUser('editor')
const drops = recordPageDrops()

const cache = createPageCache({ minUses: 1 })
const app = express()
app.use(cache.middleware)
app.get('/guides', async (_req, res) => {
  const { guides } = await listPublishedGuides(db, 1, 20)
  res
    .set('Cache-Control', 'public, max-age=60')
    .type('html')
    .end(guides.map((guide) => guide.title).join('\n'))
})
app.get('/sitemap.xml', async (_req, res) => {
  const guides = await listGuidesForSitemap(db)
  res
    .set('Cache-Control', 'public, max-age=60')
    .type('xml')
    .end(guides.map((guide) => guide.slug).join('\n'))
})
const base = await serveForTests(app)
afterEach(() => vi.useRealTimers())

async function get(path: string) {
  const response = await fetch(base + path)
  return { cache: response.headers.get('x-page-cache'), body: await response.text() }
}

const guideRow = (id: number) =>
  db
    .selectFrom('documents')
    .select(['status', 'publish_at', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('a scheduled guide without Redis', () => {
  test('is published by the in-process timer at its time, and the guide lists and sitemaps are dropped then', async () => {
    // The form schedules to the minute: the clock is set two seconds before a whole minute (and runs on).
    const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000)
    vi.useFakeTimers({ now: at.getTime() - 2_000, toFake: ['Date'], shouldAdvanceTime: true, advanceTimeDelta: 5 })
    const saved = await createGuide(editor.id, {
      title: 'Scheduled Quokka guide',
      slug: 'scheduled-quokka-guide',
      intent: 'schedule',
      publishAt: toWallTime(at, 'America/New_York'),
    })
    expect(saved).toMatchObject({ status: 'scheduled', publishAt: at })
    expect(drops.take()).toEqual([CONTENT_CHANGED]) // the save's own

    // Kept before its time: the lists do not show it.
    for (const path of ['/guides', '/sitemap.xml']) await get(path)
    const [list, sitemap] = [await get('/guides'), await get('/sitemap.xml')]
    expect([list.cache, sitemap.cache]).toEqual(['HIT', 'HIT'])
    expect(list.body).not.toContain('Scheduled Quokka guide')

    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect((await guideRow(saved.id)).status).toBe('scheduled')
    expect(drops.take()).toEqual([])

    await expect.poll(async () => (await guideRow(saved.id)).status, { timeout: 5_000, interval: 50 }).toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    expect(await guideRow(saved.id)).toEqual({ status: 'published', publish_at: null, published_at: at })
    expect(drops.take()).toEqual([CONTENT_CHANGED])

    const [listAfter, sitemapAfter] = [await get('/guides'), await get('/sitemap.xml')]
    expect(listAfter).toEqual({ cache: 'MISS', body: 'Scheduled Quokka guide' })
    expect(sitemapAfter).toEqual({ cache: 'MISS', body: 'scheduled-quokka-guide' })

    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'diff'])
      .where('entity_type', '=', 'GUIDE')
      .where('entity_id', '=', String(saved.id))
      .orderBy('id')
      .execute()
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([
      ['CREATE', editor.id],
      ['PUBLISH', null],
    ])
  }, 20_000)
})
