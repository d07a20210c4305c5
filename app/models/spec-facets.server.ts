import { sql, type RawBuilder } from 'kysely'
import { ERAS, MATERIALS, type Era, type Material } from '#app/schemas/product-specs.ts'
import type { SpecFacets } from '#app/schemas/spec-filters.ts'
import type { Executor } from '#db/client.ts'
import { plannedPerCall } from '#db/planned-per-call.ts'
import { visibleProducts } from './product.server.ts'

// The spec facets (docs/decisions/041): which eras, materials and thickness a listing can be narrowed by.

/**
 * The spec facets of the visible products among `ids` (a search's kept matches, at most two thousand): one
 * grouped pass over their rows.
 */
export async function specFacetsOfIds(db: Executor, ids: number[]): Promise<SpecFacets> {
  const row = await visibleProducts(db)
    // A function aliased `era` names its one column `era` too.
    .leftJoin(sql<{ era: string }>`unnest(p.fits)`.as('era'), (join) => join.onTrue())
    .where(sql<boolean>`p.id = ANY(${ids}::int[])`)
    .select([
      sql<string[] | null>`array_agg(DISTINCT era.era)`.as('eras'),
      sql<string[] | null>`array_agg(DISTINCT p.material::text)`.as('materials'),
      sql<boolean | null>`bool_or(p.thickness_mil IS NOT NULL)`.as('thickness'),
    ])
    .executeTakeFirstOrThrow()
  return facetsFrom(row)
}

/**
 * The spec facets of a category's visible products, from its indexes alone: the distinct `fits` and materials
 * one after the other (a loose index scan: one probe per distinct value, a dozen or so, where a pass over a
 * large category's rows costs ~70 ms at 100k products), and whether any product has a thickness. Planned per
 * call: a plan kept for all categories answers "any thickness?" by reading the whole table where none has one.
 */
export async function categorySpecFacets(db: Executor, categoryId: number): Promise<SpecFacets> {
  const { rows } = await sql<{ eras: string[]; materials: string[]; thickness: boolean }>`
    WITH RECURSIVE
      fits AS (
        (SELECT p.fits FROM products p WHERE p.category_id = ${categoryId} AND NOT p.soft_hidden ORDER BY p.fits LIMIT 1)
        UNION ALL
        SELECT (SELECT p.fits FROM products p
                WHERE p.category_id = ${categoryId} AND NOT p.soft_hidden AND p.fits > f.fits ORDER BY p.fits LIMIT 1)
        FROM fits f WHERE f.fits IS NOT NULL),
      materials AS (
        (SELECT p.material FROM products p
         WHERE p.category_id = ${categoryId} AND NOT p.soft_hidden AND p.material IS NOT NULL ORDER BY p.material LIMIT 1)
        UNION ALL
        SELECT (SELECT p.material FROM products p
                WHERE p.category_id = ${categoryId} AND NOT p.soft_hidden AND p.material > m.material
                ORDER BY p.material LIMIT 1)
        FROM materials m WHERE m.material IS NOT NULL)
    SELECT ARRAY(SELECT DISTINCT unnest(f.fits) FROM fits f) AS eras,
           ARRAY(SELECT m.material::text FROM materials m WHERE m.material IS NOT NULL) AS materials,
           EXISTS (SELECT FROM products p
                   WHERE p.category_id = ${categoryId} AND NOT p.soft_hidden AND p.thickness_mil IS NOT NULL) AS thickness
    ${plannedPerCall}`.execute(db)
  return facetsFrom(rows[0]!)
}

/**
 * The spec facets of the whole visible catalogue: one EXISTS per era (the GIN on fits), per material and for
 * thickness, each stopping at its first match (~6 ms at 100k products).
 */
export async function catalogueSpecFacets(db: Executor): Promise<SpecFacets> {
  const some = (condition: RawBuilder<boolean>) =>
    sql<boolean>`EXISTS (${visibleProducts(db)
      .where(condition)
      .select(sql`1`.as('one'))})`
  const row = await db
    .selectNoFrom([
      ...ERAS.map((era) => some(sql<boolean>`p.fits @> ${[era.id]}::text[]`).as(era.id)),
      ...MATERIALS.map((material) => some(sql<boolean>`p.material = ${material.id}`).as(material.id)),
      some(sql<boolean>`p.thickness_mil IS NOT NULL`).as('thickness'),
    ])
    .executeTakeFirstOrThrow()
  const present = row as Record<string, boolean>
  return facetsFrom({
    eras: ERAS.map((era) => era.id).filter((era) => present[era]),
    materials: MATERIALS.map((material) => material.id).filter((material) => present[material]),
    thickness: present.thickness === true,
  })
}

/** Facets in the vocabulary's order, whatever order the database gave them in. */
function facetsFrom(found: { eras: string[] | null; materials: string[] | null; thickness: boolean | null }) {
  const eras = new Set(found.eras)
  const materials = new Set(found.materials)
  return {
    eras: ERAS.map((era) => era.id).filter((era: Era) => eras.has(era)),
    materials: MATERIALS.map((material) => material.id).filter((material: Material) => materials.has(material)),
    thickness: found.thickness === true,
  }
}
