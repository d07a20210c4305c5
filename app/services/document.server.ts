import { defaultPages, type PageSlug } from '#app/content/default-pages.ts'
import { documentProblems } from '#app/lib/content/document-view.server.ts'
import { embedTargets, parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import { enqueueForAdmin } from '#app/lib/job-queue.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { CONTENT_CHANGED } from '#app/lib/page-tags.ts'
import { writeAudit, type AuditEntity } from '#app/models/audit.server.ts'
import {
  addRedirect,
  deleteDocument,
  getAdminDocument,
  getDocumentBySlug,
  getRevision,
  insertDocument,
  insertRevision,
  listDocumentsEmbedding,
  listDueGuides,
  removeRedirect,
  setDocumentStatus,
  setEmbeds,
  slugTaken,
  updateDocument,
  type AdminDocument,
  type DocumentFields,
  type DocumentKind,
  type DocumentStatus,
  type EmbedTarget,
} from '#app/models/document.server.ts'
import { getMediaImage } from '#app/models/media.server.ts'
import {
  COVER_NOT_IN_LIBRARY,
  GUIDE_NOT_FOUND,
  PAGE_NOT_FOUND,
  REVISION_NOT_FOUND,
  SCHEDULE_IN_PAST,
  SCHEDULE_NEEDS_TIME,
  SLUG_FORMAT,
  slugTakenMessage,
  STALE_FORM,
  type GuideForm,
  type PageForm,
} from '#app/schemas/document.ts'
import { listedProblems } from '#app/utils/document-view.ts'
import { fromWallTime } from '#app/utils/format.ts'
import { slugify } from '#app/utils/slug.ts'
import { db, type Executor } from '#db/client.ts'

// Guides and information pages (docs/decisions/052). Each save is one transaction: the form checked against the
// revision it was opened at, the text checked as Markdown, the document and a revision written, what it embeds
// recorded, an audit row; then the content pages dropped. A guide's time to go live is a delayed job.

/**
 * The text as Markdown: its embeds and its warnings (docs/decisions/077), or a refusal naming the first problems
 * that refuse it, with their places.
 */
async function checkedText(trx: Executor, body: string) {
  const parsed = parseMarkdown(body)
  const problems = await documentProblems(trx, parsed)
  const refusing = problems.filter((problem) => !problem.warning)
  if (refusing.length) throw new Refusal(400, listedProblems(refusing), 'body')
  return { targets: embedTargets(parsed.embeds), warnings: problems.filter((problem) => problem.warning) }
}

function checkRevision(before: { revision: number } | undefined, opened: number) {
  if ((before?.revision ?? 0) !== opened) throw new Refusal(409, STALE_FORM)
}

const entityOf = (kind: DocumentKind): AuditEntity => (kind === 'guide' ? 'GUIDE' : 'PAGE')

/** The audit's diff of a save: the fields that changed, the text only as "changed" (the revision keeps it). */
function auditDiff(before: Partial<AdminDocument> | undefined, after: Record<string, unknown>) {
  const diff: Record<string, unknown> = {}
  for (const [field, to] of Object.entries(after)) {
    const from = before?.[field as keyof AdminDocument] ?? null
    if (JSON.stringify(from) === JSON.stringify(to ?? null)) continue
    diff[field] = field === 'body' ? 'changed' : { from, to }
  }
  return diff
}

/** Where the guide stands after a save with this intent. */
function nextState(
  before: AdminDocument | undefined,
  form: GuideForm,
  now: Date,
): { status: DocumentStatus; publish_at: Date | null; published_at: Date | null } {
  const published_at = before?.published_at ?? null
  switch (form.intent) {
    case 'publish':
      return { status: 'published', publish_at: null, published_at: published_at ?? now }
    case 'unpublish':
      return { status: 'draft', publish_at: null, published_at }
    case 'schedule': {
      if (!form.publishAt) throw new Refusal(400, SCHEDULE_NEEDS_TIME, 'publishAt')
      const at = fromWallTime(form.publishAt, getEnv().REFRESH_TZ)
      if (at <= now) throw new Refusal(400, SCHEDULE_IN_PAST, 'publishAt')
      return { status: 'scheduled', publish_at: at, published_at }
    }
    case 'save':
      return {
        status: (before?.status as DocumentStatus | undefined) ?? 'draft',
        publish_at: before?.publish_at ?? null,
        published_at,
      }
  }
}

/** Creates (id null) or saves a guide; the intent publishes, schedules or unpublishes it with the save. */
export async function saveGuide(actorId: number, id: number | null, form: GuideForm) {
  const now = new Date()
  const slug = form.slug || slugify(form.title)
  if (!slug) throw new Refusal(400, SLUG_FORMAT, 'slug')
  const fields: DocumentFields = {
    slug,
    title: form.title,
    eyebrow: null,
    summary: form.summary,
    body: form.body,
    cover_media_id: form.coverMediaId ?? null,
    last_reviewed_on: form.lastReviewedOn,
    seo_title: form.seoTitle,
    noindex: form.noindex,
  }
  const saved = await db.transaction().execute(async (trx) => {
    const before = id === null ? undefined : await getAdminDocument(trx, id, { lock: true })
    if (id !== null && (!before || before.kind !== 'guide')) throw new Refusal(404, GUIDE_NOT_FOUND)
    checkRevision(before, form.revision)
    if (await slugTaken(trx, 'guide', slug, before?.id)) throw new Refusal(409, slugTakenMessage(slug), 'slug')
    if (fields.cover_media_id !== null && !(await getMediaImage(trx, { id: fields.cover_media_id }))) {
      throw new Refusal(400, COVER_NOT_IN_LIBRARY, 'coverMediaId')
    }
    const { targets, warnings } = await checkedText(trx, form.body)
    const state = nextState(before, form, now)
    const row = before
      ? await updateDocument(trx, before.id, {
          ...fields,
          ...state,
          text_changed:
            before.title !== fields.title || before.summary !== fields.summary || before.body !== fields.body,
        })
      : await insertDocument(trx, 'guide', { ...fields, ...state })
    await recordSave(trx, actorId, 'guide', row, fields, targets)
    // An address a visitor may have been given keeps working: a published guide's old slug answers 301.
    if (before && before.slug !== slug && before.published_at) await addRedirect(trx, 'guide', before.slug, row.id)
    await removeRedirect(trx, 'guide', slug)
    const action = before ? (form.intent === 'save' ? 'UPDATE' : form.intent.toUpperCase()) : 'CREATE'
    const diff = auditDiff(before, { ...fields, ...state })
    await writeAudit(trx, { actorId, entityType: 'GUIDE', entityId: row.id, action, diff })
    return { id: row.id, slug: row.slug, status: state.status, publishAt: state.publish_at, warnings }
  })
  await invalidatePages(CONTENT_CHANGED)
  if (saved.status === 'scheduled' && saved.publishAt) await schedulePublishing(saved.id, saved.publishAt)
  return saved
}

/** The revision row and the embeds of a save. */
async function recordSave(
  trx: Executor,
  actorId: number,
  kind: DocumentKind,
  row: { id: number; revision: number },
  fields: Pick<DocumentFields, 'title' | 'summary' | 'body'>,
  targets: readonly EmbedTarget[],
) {
  await insertRevision(trx, {
    document_id: row.id,
    revision: row.revision,
    title: fields.title,
    summary: fields.summary,
    body: fields.body,
    author_id: actorId,
  })
  await setEmbeds(trx, row.id, targets)
  logger.debug({ kind, id: row.id, revision: row.revision }, 'document saved')
}

/**
 * How late the job runs after the guide's time. A timer can fire a millisecond before its time by the clock, and a
 * worker's clock may be a little behind this process's: a job that came early would find nothing due and leave
 * the guide to the five-minute sweep.
 */
const PUBLISH_MARGIN_MS = 1_000

/** The job that publishes the guide at its time; published anyway by the sweep if the queue lost it. */
async function schedulePublishing(id: number, at: Date) {
  const delay = Math.max(0, at.getTime() - Date.now()) + PUBLISH_MARGIN_MS
  const refused = await enqueueForAdmin('publish-guides', {}, { delay, jobId: `publish-guide-${id}-${at.getTime()}` })
  if (refused) logger.warn({ id }, 'scheduled publishing not queued; the five-minute sweep will publish it')
}

/** Saves an information page; its first save creates its row from the default text's place. */
export async function savePage(actorId: number, slug: PageSlug, form: PageForm) {
  const fields = {
    slug,
    title: form.title,
    eyebrow: form.eyebrow,
    summary: form.summary,
    body: form.body,
    cover_media_id: null,
    last_reviewed_on: null,
    seo_title: null,
    noindex: false,
  } satisfies DocumentFields
  const warnings = await db.transaction().execute(async (trx) => {
    const before = await getDocumentBySlug(trx, 'page', slug, { lock: true })
    checkRevision(before, form.revision)
    const { targets, warnings } = await checkedText(trx, form.body)
    const row = before
      ? await updateDocument(trx, before.id, { ...fields, text_changed: true })
      : await insertDocument(trx, 'page', {
          ...fields,
          status: 'published',
          publish_at: null,
          published_at: new Date(),
        })
    await recordSave(trx, actorId, 'page', row, fields, targets)
    const diff = auditDiff(before ?? defaultPages[slug], fields)
    await writeAudit(trx, { actorId, entityType: 'PAGE', entityId: row.id, action: before ? 'UPDATE' : 'CREATE', diff })
    return warnings
  })
  await invalidatePages(CONTENT_CHANGED)
  return warnings
}

/**
 * Makes an earlier revision's words the current ones, as a new revision (nothing else about the document moves).
 * `kind` is the editor's: a guide's page cannot restore a page's revision, nor the other way round.
 */
export async function restoreRevision(
  actorId: number,
  kind: DocumentKind,
  id: number,
  revision: number,
  opened: number,
) {
  const warnings = await db.transaction().execute(async (trx) => {
    const before = await getAdminDocument(trx, id, { lock: true })
    if (!before || before.kind !== kind) throw new Refusal(404, kind === 'guide' ? GUIDE_NOT_FOUND : PAGE_NOT_FOUND)
    checkRevision(before, opened)
    const old = await getRevision(trx, id, revision)
    if (!old) throw new Refusal(404, REVISION_NOT_FOUND)
    const { targets, warnings } = await checkedText(trx, old.body)
    const words = { title: old.title, summary: old.summary, body: old.body }
    const row = await updateDocument(trx, id, { ...words, text_changed: true })
    await recordSave(trx, actorId, kind, row, words, targets)
    const diff = { ...auditDiff(before, words), restored: revision }
    await writeAudit(trx, { actorId, entityType: entityOf(kind), entityId: id, action: 'RESTORE', diff })
    return warnings
  })
  await invalidatePages(CONTENT_CHANGED)
  return warnings
}

export async function removeGuide(actorId: number, id: number) {
  const gone = await db.transaction().execute(async (trx) => {
    const before = await getAdminDocument(trx, id, { lock: true })
    if (!before || before.kind !== 'guide') throw new Refusal(404, GUIDE_NOT_FOUND)
    await deleteDocument(trx, id)
    const { body: _body, ...kept } = before
    await writeAudit(trx, { actorId, entityType: 'GUIDE', entityId: id, action: 'DELETE', diff: kept })
    return before
  })
  await invalidatePages(CONTENT_CHANGED)
  return gone
}

/** Publishes every scheduled guide whose time has come (the job, and its five-minute sweep). */
export async function publishDueGuides(now = new Date()): Promise<number> {
  const due = await listDueGuides(db, now)
  let published = 0
  for (const guide of due) {
    const done = await db.transaction().execute(async (trx) => {
      const current = await getAdminDocument(trx, guide.id, { lock: true })
      if (!current || current.status !== 'scheduled' || !current.publish_at || current.publish_at > now) return false
      const published_at = current.published_at ?? current.publish_at
      await setDocumentStatus(trx, guide.id, 'published', { publish_at: null, published_at })
      const diff = { status: { from: 'scheduled', to: 'published' } }
      await writeAudit(trx, { actorId: null, entityType: 'GUIDE', entityId: guide.id, action: 'PUBLISH', diff })
      return true
    })
    if (done) published += 1
  }
  if (published) await invalidatePages(CONTENT_CHANGED)
  return published
}

/**
 * A product's ASIN was replaced in place (decision 047): the texts that embed the old ASIN are made to embed the
 * new one, each as a new revision by whoever replaced it, so a guide keeps showing the product. Only the ASINs
 * inside directives' attributes change. Runs in the replacement's transaction; the pages drop with its tags.
 */
export async function followReplacedAsin(trx: Executor, actorId: number, oldAsin: string, newAsin: string) {
  const documents = await listDocumentsEmbedding(trx, { type: 'product', target: oldAsin })
  const inAttributes = new RegExp(`\\b${oldAsin}\\b`, 'g')
  for (const { id } of documents) {
    const before = await getAdminDocument(trx, id, { lock: true })
    if (!before) continue
    const body = before.body.replace(/\{[^}\n]*\}/g, (attributes) => attributes.replace(inAttributes, newAsin))
    if (body === before.body) continue
    const row = await updateDocument(trx, id, { body, text_changed: true })
    await recordSave(
      trx,
      actorId,
      before.kind as DocumentKind,
      row,
      { ...before, body },
      embedTargets(parseMarkdown(body).embeds),
    )
    const diff = { body: 'changed', asin: { from: oldAsin, to: newAsin } }
    await writeAudit(trx, {
      actorId,
      entityType: entityOf(before.kind as DocumentKind),
      entityId: id,
      action: 'REPLACE_ASIN',
      diff,
    })
  }
  return documents.length
}
