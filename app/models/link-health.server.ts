import { sql } from 'kysely'
import { LINK_CONDITIONS, type LinkProblemKind } from '#app/utils/link-health.ts'
import type { Executor } from '#db/client.ts'
import { pageWithTotal } from './paging.server.ts'

// Link health (docs/decisions/047): the problems the nightly refresh finds with each product's Amazon link,
// one open row per product and kind (link_problems_open_idx), and who wants the daily e-mail about them.

/** A problem the refresh found now: opened, or, when it is open already, seen again with today's detail. */
export async function recordProblem(db: Executor, productId: number, kind: LinkProblemKind, detail: string) {
  await db
    .insertInto('link_problems')
    .values({ product_id: productId, kind, detail })
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'kind'])
        .where('resolved_at', 'is', null)
        .doUpdateSet({ detail: (eb) => eb.ref('excluded.detail'), last_seen_at: sql`now()` }),
    )
    .execute()
}

/**
 * Closes the conditions Amazon's answer no longer shows for the products it answered for: `present` lists the
 * conditions each still has. Price jumps are events and stay open until seen.
 */
export async function resolveClearedConditions(
  db: Executor,
  checked: ReadonlyArray<{ productId: number; present: readonly LinkProblemKind[] }>,
) {
  if (checked.length === 0) return
  const stillOpen = checked.flatMap(({ productId, present }) => present.map((kind) => ({ productId, kind })))
  await db
    .updateTable('link_problems')
    .set({ resolved_at: sql`now()` })
    .where('resolved_at', 'is', null)
    .where(
      'product_id',
      'in',
      checked.map(({ productId }) => productId),
    )
    .where('kind', 'in', LINK_CONDITIONS)
    .where(
      sql<boolean>`(product_id, kind::text) NOT IN (SELECT * FROM unnest(${sql.val(stillOpen.map((p) => p.productId))}::int[], ${sql.val(stillOpen.map((p) => p.kind))}::text[]))`,
    )
    .execute()
}

/** Every open problem of a product closed at once (its ASIN was replaced). */
export async function resolveProductProblems(db: Executor, productId: number) {
  const result = await db
    .updateTable('link_problems')
    .set({ resolved_at: sql`now()` })
    .where('product_id', '=', productId)
    .where('resolved_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export interface LinkProblemFilter {
  kind?: LinkProblemKind
  page: number
  pageSize: number
}

/** One page of the open problems, newest first, with their product and who saw them; and how many match. */
export async function listOpenProblems(db: Executor, { kind, page, pageSize }: LinkProblemFilter) {
  let query = db
    .selectFrom('link_problems as lp')
    .innerJoin('products as p', 'p.id', 'lp.product_id')
    .where('lp.resolved_at', 'is', null)
  if (kind) query = query.where('lp.kind', '=', kind)
  return pageWithTotal(
    query,
    (listed) =>
      listed
        .leftJoin('users as u', 'u.id', 'lp.seen_by')
        .select([
          'lp.id',
          'lp.kind',
          'lp.detail',
          'lp.detected_at',
          'lp.last_seen_at',
          'lp.seen_at',
          'u.email as seen_by',
          'p.id as product_id',
          'p.title',
          'p.asin',
          'p.soft_hidden',
        ])
        .orderBy('lp.detected_at', 'desc')
        .orderBy('lp.id', 'desc'),
    { page, pageSize },
  )
}

/** The dashboard's numbers: open problems, and those nobody has marked seen yet. */
export async function countOpenProblems(db: Executor) {
  const row = await db
    .selectFrom('link_problems')
    .select([
      sql<number>`count(*)::int`.as('open'),
      sql<number>`(count(*) FILTER (WHERE seen_at IS NULL))::int`.as('unseen'),
    ])
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow()
  return { open: row.open, unseen: row.unseen }
}

/** Featured products (the home page's carousel) with an open problem, by title. */
export function listFeaturedWithProblems(db: Executor, limit: number) {
  return db
    .selectFrom('products as p')
    .select(['p.id', 'p.title', 'p.asin'])
    .where('p.is_featured', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('link_problems as lp')
          .select('lp.id')
          .whereRef('lp.product_id', '=', 'p.id')
          .where('lp.resolved_at', 'is', null),
      ),
    )
    .orderBy(sql`lower(p.title)`)
    .orderBy('p.id')
    .limit(limit)
    .execute()
}

/** An open problem, locked until the transaction ends. */
export function lockOpenProblem(trx: Executor, id: number) {
  return trx
    .selectFrom('link_problems')
    .select(['id', 'product_id', 'kind', 'detail', 'seen_at'])
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
}

/** Marks a problem seen by the user; `resolve` closes it too (an event has nothing left to watch). */
export async function markProblemSeen(trx: Executor, id: number, userId: number, resolve: boolean) {
  await trx
    .updateTable('link_problems')
    .set({ seen_at: sql`now()`, seen_by: userId, ...(resolve ? { resolved_at: sql`now()` } : {}) })
    .where('id', '=', id)
    .execute()
}

/**
 * The open, unseen problems no e-mail has told of yet, oldest first, locked (SKIP LOCKED: a second run at the
 * same moment takes none of them), with their product.
 */
export function lockUnnotifiedProblems(trx: Executor, limit: number) {
  return trx
    .selectFrom('link_problems as lp')
    .innerJoin('products as p', 'p.id', 'lp.product_id')
    .select(['lp.id', 'lp.kind', 'lp.detected_at', 'p.title', 'p.asin', 'p.id as product_id'])
    .where('lp.notified_at', 'is', null)
    .where('lp.resolved_at', 'is', null)
    .where('lp.seen_at', 'is', null)
    .orderBy('lp.id')
    .limit(limit)
    .forUpdate('lp')
    .skipLocked()
    .execute()
}

export async function markProblemsNotified(trx: Executor, ids: readonly number[]) {
  if (ids.length === 0) return
  await trx
    .updateTable('link_problems')
    .set({ notified_at: sql`now()` })
    .where('id', 'in', ids)
    .execute()
}

/** Panel users (still holding a role) who asked for the daily e-mail. */
export function listLinkHealthRecipients(db: Executor) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.email'])
    .where('u.link_health_email', '=', true)
    .where((eb) => eb.exists(eb.selectFrom('user_roles as r').select('r.user_id').whereRef('r.user_id', '=', 'u.id')))
    .orderBy('u.id')
    .execute()
}

/** The user's own choice of the daily e-mail, locked until the transaction ends. */
export async function lockLinkHealthEmail(trx: Executor, userId: number) {
  const row = await trx
    .selectFrom('users')
    .select('link_health_email')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
  return row?.link_health_email
}

export async function getLinkHealthEmail(db: Executor, userId: number) {
  const row = await db.selectFrom('users').select('link_health_email').where('id', '=', userId).executeTakeFirst()
  return row?.link_health_email ?? false
}

export async function setLinkHealthEmail(trx: Executor, userId: number, on: boolean) {
  await trx
    .updateTable('users')
    .set({ link_health_email: on, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute()
}
