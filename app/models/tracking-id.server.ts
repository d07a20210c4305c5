import { sql } from 'kysely'
import type { PagePlacement, Placement } from '#app/utils/placements.ts'
import type { Executor } from '#db/client.ts'

// The default store's extra tracking IDs and the placement each is assigned to (docs/decisions/079).

export interface TrackingIdRow {
  id: number
  tag: string
  placement: Placement | null
  guideId: number | null
  /** The guide's title, for a tag assigned to one guide. */
  guideTitle: string | null
}

/** Every tracking ID, in the order they were listed, as the settings show it. */
export async function listTrackingIds(db: Executor): Promise<TrackingIdRow[]> {
  const rows = await db
    .selectFrom('tracking_ids as t')
    .leftJoin('documents as d', 'd.id', 't.guide_id')
    .select(['t.id', 't.tag', 't.placement', 't.guide_id as guideId', 'd.title as guideTitle'])
    .orderBy('t.id')
    .execute()
  return rows as TrackingIdRow[]
}

/**
 * The tag assigned to a placement; for a guide, the guide's own (by its slug) before all guides'. One indexed
 * read of a table of at most a hundred rows, per click.
 */
export async function findPlacementTag(db: Executor, from: PagePlacement): Promise<string | null> {
  const row = await db
    .selectFrom('tracking_ids as t')
    .leftJoin('documents as d', 'd.id', 't.guide_id')
    .select('t.tag')
    .where('t.placement', '=', from.placement)
    .where((eb) =>
      eb.or([
        eb('t.guide_id', 'is', null),
        eb.and([eb('d.kind', '=', 'guide'), eb('d.slug', '=', from.guideSlug ?? '')]),
      ]),
    )
    .orderBy(sql`t.guide_id IS NULL`)
    .limit(1)
    .executeTakeFirst()
  return row?.tag ?? null
}

/** The guides a tag may be assigned to: published or scheduled. */
const assignableGuides = (db: Executor) =>
  db
    .selectFrom('documents')
    .select(['id', 'title'])
    .where('kind', '=', 'guide')
    .where('status', 'in', ['published', 'scheduled'])

export function listAssignableGuides(db: Executor) {
  return assignableGuides(db)
    .orderBy(sql`lower(title)`)
    .execute()
}

/** A guide a tag may be assigned to, by id; undefined when it is not one (a draft, a page, gone). */
export function findAssignableGuide(db: Executor, id: number) {
  return assignableGuides(db).where('id', '=', id).executeTakeFirst()
}

/** A tracking ID by id, locked for a change. */
export function lockTrackingId(db: Executor, id: number) {
  return db
    .selectFrom('tracking_ids')
    .select(['id', 'tag', 'placement', 'guide_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** The tracking ID with this tag, in any case (Amazon's tags are not told apart by case). */
export function findTrackingIdByTag(db: Executor, tag: string) {
  return db
    .selectFrom('tracking_ids')
    .select('id')
    .where(sql`lower(tag)`, '=', tag.toLowerCase())
    .executeTakeFirst()
}

/** The tracking ID already assigned to this placement (and guide), other than `exceptId`. */
export function findAssignedTrackingId(
  db: Executor,
  assignment: { placement: Placement; guideId: number | null },
  exceptId: number | null = null,
) {
  return db
    .selectFrom('tracking_ids')
    .select('tag')
    .where('placement', '=', assignment.placement)
    .where(sql`coalesce(guide_id, 0)`, '=', assignment.guideId ?? 0)
    .where('id', '!=', exceptId ?? 0)
    .executeTakeFirst()
}

export async function insertTrackingId(
  db: Executor,
  row: { tag: string; placement: Placement | null; guideId: number | null },
): Promise<number> {
  const { id } = await db
    .insertInto('tracking_ids')
    .values({ tag: row.tag, placement: row.placement, guide_id: row.guideId })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function assignTrackingId(
  db: Executor,
  id: number,
  assignment: { placement: Placement | null; guideId: number | null },
): Promise<void> {
  await db
    .updateTable('tracking_ids')
    .set({ placement: assignment.placement, guide_id: assignment.guideId })
    .where('id', '=', id)
    .execute()
}

export async function deleteTrackingId(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tracking_ids').where('id', '=', id).execute()
}

/** Holds off every other change of the list until the transaction ends: its checks stay true while it writes. */
export async function lockTrackingIds(db: Executor): Promise<void> {
  await sql`LOCK TABLE tracking_ids IN SHARE ROW EXCLUSIVE MODE`.execute(db)
}
