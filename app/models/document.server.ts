import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'
import { rowColumns } from './comparison.server.ts'
import { pageWithTotal } from './paging.server.ts'

// Guides and information pages (docs/decisions/052): the documents, their revisions, what they embed and the
// addresses a guide has left. Visitors read published documents only; the panel reads all of them.

export type DocumentKind = 'guide' | 'page'
export type DocumentStatus = 'draft' | 'scheduled' | 'published'
export type EmbedTargetType = 'product' | 'category' | 'comparison'
export interface EmbedTarget {
  type: EmbedTargetType
  target: string
}

export interface DocumentFields {
  slug: string
  title: string
  eyebrow: string | null
  summary: string
  body: string
  cover_media_id: number | null
  last_reviewed_on: string | null
  seo_title: string | null
  noindex: boolean
}

/**
 * When a published guide's words last changed as a reader sees them (sitemap lastmod, dateModified, the feed's
 * updated): the later of its text's last change and its publication, never anything a price refresh moves.
 */
const modifiedAt = sql<Date>`greatest(d.text_changed_at, d.published_at)`.as('modified_at')

const publicColumns = [
  'd.id',
  'd.kind',
  'd.slug',
  'd.title',
  'd.eyebrow',
  'd.summary',
  'd.body',
  'd.published_at',
  modifiedAt,
  // A calendar day, as written: a Date would be midnight in the server's zone, a day early further west.
  sql<string | null>`d.last_reviewed_on::text`.as('last_reviewed_on'),
  'd.seo_title',
  'd.noindex',
  'm.url as cover_url',
  'm.alt as cover_alt',
  'm.width as cover_width',
  'm.height as cover_height',
] as const

// The status is written out, not sent as a value, so a plan Postgres keeps for the statement can use the index
// of published documents (docs/decisions/067).
function publishedDocuments(db: Executor, kind: DocumentKind) {
  return db
    .selectFrom('documents as d')
    .leftJoin('media as m', 'm.id', 'd.cover_media_id')
    .where('d.kind', '=', kind)
    .where('d.status', '=', sql.lit('published'))
}

/** A published guide or page, by its slug. */
export function getPublishedDocument(db: Executor, kind: DocumentKind, slug: string) {
  return publishedDocuments(db, kind).select(publicColumns).where('d.slug', '=', slug).executeTakeFirst()
}

export type PublishedDocument = NonNullable<Awaited<ReturnType<typeof getPublishedDocument>>>

/** Where a published guide's earlier slug leads now: its current slug, in one hop however often it moved. */
export async function findRedirect(db: Executor, kind: DocumentKind, oldSlug: string) {
  const row = await db
    .selectFrom('document_redirects as r')
    .innerJoin('documents as d', 'd.id', 'r.document_id')
    .select('d.slug')
    .where('r.kind', '=', kind)
    .where('r.old_slug', '=', oldSlug)
    .where('d.status', '=', 'published')
    .executeTakeFirst()
  return row?.slug ?? null
}

/** A page of published guides, newest first, with the count of all. */
export async function listPublishedGuides(db: Executor, page: number, pageSize: number) {
  const { rows: guides, total } = await pageWithTotal(
    publishedDocuments(db, 'guide'),
    (listed) =>
      listed
        .select(['d.slug', 'd.title', 'd.summary', 'd.published_at', 'm.url as cover_url', 'm.alt as cover_alt'])
        .orderBy('d.published_at', 'desc')
        .orderBy('d.id', 'desc'),
    { page, pageSize },
  )
  return { guides, total }
}

/** Published, indexable guides, newest first, for the sitemap and the feed: lastmod is the text's, never a price's. */
export function listGuidesForSitemap(db: Executor, limit = 50_000) {
  return publishedDocuments(db, 'guide')
    .select(['d.id', 'd.slug', 'd.title', 'd.summary', 'd.published_at', modifiedAt])
    .where('d.noindex', '=', false)
    .orderBy('d.published_at', 'desc')
    .limit(limit)
    .execute()
}

/** Published guides whose title or summary holds every word searched for. */
export function searchGuides(db: Executor, words: readonly string[], limit: number) {
  let query = publishedDocuments(db, 'guide').select(['d.slug', 'd.title', 'd.summary'])
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where((eb) => eb.or([eb('d.title', 'ilike', pattern), eb('d.summary', 'ilike', pattern)]))
  }
  return query.orderBy('d.published_at', 'desc').limit(limit).execute()
}

// ---- The panel ----

export function listAdminDocuments(
  db: Executor,
  kind: DocumentKind,
  { search = '', status }: { search?: string; status?: DocumentStatus },
) {
  let query = db
    .selectFrom('documents')
    .select(['id', 'slug', 'title', 'status', 'publish_at', 'published_at', 'updated_at', 'text_changed_at'])
    .where('kind', '=', kind)
  if (status) query = query.where('status', '=', status)
  const term = search.trim()
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
    query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('slug', 'ilike', pattern)]))
  }
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(500).execute()
}

export function getAdminDocument(db: Executor, id: number, { lock = false } = {}) {
  const query = db.selectFrom('documents').selectAll().where('id', '=', id)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

export type AdminDocument = NonNullable<Awaited<ReturnType<typeof getAdminDocument>>>

export function getDocumentBySlug(db: Executor, kind: DocumentKind, slug: string, { lock = false } = {}) {
  const query = db.selectFrom('documents').selectAll().where('kind', '=', kind).where('slug', '=', slug)
  return (lock ? query.forUpdate() : query).executeTakeFirst()
}

export async function slugTaken(db: Executor, kind: DocumentKind, slug: string, exceptId?: number) {
  let query = db.selectFrom('documents').select('id').where('kind', '=', kind).where('slug', '=', slug)
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

export function insertDocument(
  db: Executor,
  kind: DocumentKind,
  fields: DocumentFields & { status: DocumentStatus; publish_at: Date | null; published_at: Date | null },
) {
  return db
    .insertInto('documents')
    .values({ kind, ...fields })
    .returning(['id', 'slug', 'revision'])
    .executeTakeFirstOrThrow()
}

/** Saves the fields (and the publishing state when given), counting one more revision. */
export function updateDocument(
  db: Executor,
  id: number,
  fields: Partial<DocumentFields> & {
    status?: DocumentStatus
    publish_at?: Date | null
    published_at?: Date | null
    text_changed?: boolean
  },
) {
  const { text_changed, ...columns } = fields
  return db
    .updateTable('documents')
    .set({
      ...columns,
      revision: sql`revision + 1`,
      updated_at: sql`now()`,
      ...(text_changed ? { text_changed_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .returning(['id', 'slug', 'revision'])
    .executeTakeFirstOrThrow()
}

/** Publishing state only (the scheduled-publish job): not a revision of the text. */
export function setDocumentStatus(
  db: Executor,
  id: number,
  status: DocumentStatus,
  times: { publish_at?: Date | null; published_at?: Date | null },
) {
  return db
    .updateTable('documents')
    .set({ status, ...times, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute()
}

export function deleteDocument(db: Executor, id: number) {
  return db.deleteFrom('documents').where('id', '=', id).execute()
}

export function insertRevision(
  db: Executor,
  revision: {
    document_id: number
    revision: number
    title: string
    summary: string
    body: string
    author_id: number | null
  },
) {
  return db.insertInto('document_revisions').values(revision).execute()
}

export function listRevisions(db: Executor, documentId: number) {
  return db
    .selectFrom('document_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.id', 'r.revision', 'r.title', 'r.created_at', 'u.email as author'])
    .where('r.document_id', '=', documentId)
    .orderBy('r.revision', 'desc')
    .limit(200)
    .execute()
}

export function getRevision(db: Executor, documentId: number, revision: number) {
  return db
    .selectFrom('document_revisions')
    .select(['revision', 'title', 'summary', 'body', 'created_at'])
    .where('document_id', '=', documentId)
    .where('revision', '=', revision)
    .executeTakeFirst()
}

/** What a document embeds, replaced by what its text names now. */
export async function setEmbeds(db: Executor, documentId: number, targets: readonly EmbedTarget[]) {
  await db.deleteFrom('document_embeds').where('document_id', '=', documentId).execute()
  if (targets.length === 0) return
  await db
    .insertInto('document_embeds')
    .values(targets.map(({ type, target }) => ({ document_id: documentId, target_type: type, target })))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

export function addRedirect(db: Executor, kind: DocumentKind, oldSlug: string, documentId: number) {
  return db
    .insertInto('document_redirects')
    .values({ kind, old_slug: oldSlug, document_id: documentId })
    .onConflict((oc) =>
      oc.columns(['kind', 'old_slug']).doUpdateSet({ document_id: documentId, created_at: sql`now()` }),
    )
    .execute()
}

/** A slug taken back by its document (or by a new one) no longer redirects. */
export function removeRedirect(db: Executor, kind: DocumentKind, slug: string) {
  return db.deleteFrom('document_redirects').where('kind', '=', kind).where('old_slug', '=', slug).execute()
}

/** The documents that embed a product, category or table: "Used in N guides". */
export function listDocumentsEmbedding(db: Executor, target: EmbedTarget) {
  return db
    .selectFrom('document_embeds as e')
    .innerJoin('documents as d', 'd.id', 'e.document_id')
    .select(['d.id', 'd.kind', 'd.slug', 'd.title', 'd.status'])
    .where('e.target_type', '=', target.type)
    .where('e.target', '=', target.target)
    .orderBy('d.kind')
    .orderBy('d.title')
    .execute()
}

/** The documents embedding each of these products, by ASIN (link health names them). */
export async function documentsEmbeddingProducts(db: Executor, asins: readonly string[]) {
  if (asins.length === 0) return new Map<string, Array<{ id: number; kind: string; slug: string; title: string }>>()
  const rows = await db
    .selectFrom('document_embeds as e')
    .innerJoin('documents as d', 'd.id', 'e.document_id')
    .select(['e.target as asin', 'd.id', 'd.kind', 'd.slug', 'd.title'])
    .where('e.target_type', '=', 'product')
    .where('e.target', 'in', asins)
    .orderBy('d.title')
    .execute()
  const byAsin = new Map<string, Array<{ id: number; kind: string; slug: string; title: string }>>()
  for (const { asin, ...document } of rows) byAsin.set(asin, [...(byAsin.get(asin) ?? []), document])
  return byAsin
}

/**
 * Published guides with an embed a visitor cannot see: a product not in the catalogue, hidden, or refused by
 * Amazon (an open "rejected" problem); a category that is gone or hidden; a comparison table that is gone.
 */
export async function countGuidesWithBrokenEmbeds(db: Executor): Promise<number> {
  const { count } = await db
    .selectFrom('documents as d')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('d.kind', '=', 'guide')
    .where('d.status', '=', 'published')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('document_embeds as e')
          .select(sql`1`.as('one'))
          .whereRef('e.document_id', '=', 'd.id')
          .where(brokenEmbed),
      ),
    )
    .executeTakeFirstOrThrow()
  return count
}

const brokenEmbed = sql<boolean>`CASE e.target_type
  WHEN 'product' THEN NOT EXISTS (
    SELECT 1 FROM products p WHERE p.asin = e.target AND NOT p.soft_hidden
      AND NOT EXISTS (SELECT 1 FROM link_problems lp WHERE lp.product_id = p.id AND lp.kind = 'rejected' AND lp.resolved_at IS NULL))
  WHEN 'category' THEN NOT EXISTS (SELECT 1 FROM categories c WHERE c.slug = e.target AND NOT c.is_hidden)
  ELSE NOT EXISTS (SELECT 1 FROM comparison_tables t WHERE t.slug = e.target)
END`

/** Scheduled guides whose time has come: made published, one by one, by the scheduled-publish job. */
export function listDueGuides(db: Executor, now: Date) {
  return db
    .selectFrom('documents')
    .select(['id', 'slug', 'publish_at'])
    .where('kind', '=', 'guide')
    .where('status', '=', 'scheduled')
    .where('publish_at', '<=', now)
    .orderBy('publish_at')
    .execute()
}

/**
 * Every product among these ASINs, hidden ones too, with whether Amazon refused it (an open "rejected" problem):
 * the page shows the visible ones, the author's preview says why the others are not.
 */
export function listEmbeddableProducts(db: Executor, asins: readonly string[]) {
  if (asins.length === 0) return Promise.resolve([])
  return db
    .selectFrom('products as p')
    .select([...rowColumns, 'p.soft_hidden'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('link_problems as lp')
            .select(sql`1`.as('one'))
            .whereRef('lp.product_id', '=', 'p.id')
            .where('lp.kind', '=', 'rejected')
            .where('lp.resolved_at', 'is', null),
        )
        .as('rejected'),
    )
    .where('p.asin', 'in', asins)
    .execute()
}
