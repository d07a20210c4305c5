import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { refreshHarness } from '#tests/support/refresh-harness.ts'

// Bulk writes leave the table as fast as they found them (issue 31, docs/decisions/057): the refresh and the
// import vacuum what they wrote once it is at least VACUUM_AFTER_PRODUCTS_WRITTEN products.
const { db, refreshProducts, client } = await refreshHarness()
const { importProducts } = await import('#jobs/import-products.ts')
const { createImportJob } = await import('#app/models/import-job.server.ts')
const { VACUUM_AFTER_PRODUCTS_WRITTEN } = await import('#db/vacuum.ts')

const asin = (n: number, prefix: string) => `${prefix}${String(n).padStart(10 - prefix.length, '0')}`

async function catalogue(count: number, prefix: string) {
  await db
    .insertInto('products')
    .values(Array.from({ length: count }, (_, i) => ({ asin: asin(i, prefix), title: `Product ${i}`, price: '1.00' })))
    .execute()
}

/** The products table as the planner and the next index-only scan see it. */
async function productsTable() {
  const { rows } = await sql<{ vacuums: number; pages: number; allVisible: number }>`
    SELECT s.vacuum_count::int AS vacuums, c.relpages AS pages, c.relallvisible AS "allVisible"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.relname = 'products'`.execute(db)
  return rows[0]!
}

describe('vacuum after a bulk write', () => {
  test('a refresh that rewrote the catalogue leaves every page all-visible; a small one leaves that to autovacuum', async () => {
    await catalogue(10, 'B0FEW')
    const before = await productsTable()
    expect((await refreshProducts(db, { client: client() })).updated).toBe(10)
    expect((await productsTable()).vacuums).toBe(before.vacuums)

    await catalogue(VACUUM_AFTER_PRODUCTS_WRITTEN - 10, 'B0MORE')
    expect((await refreshProducts(db, { client: client() })).updated).toBe(VACUUM_AFTER_PRODUCTS_WRITTEN)
    const after = await productsTable()
    expect(after.vacuums).toBe(before.vacuums + 1)
    expect(after.pages).toBeGreaterThan(0)
    expect(after.allVisible).toBe(after.pages)
  }, 60_000)

  test('an import of as many new products is vacuumed after too', async () => {
    const before = await productsTable()
    const asins = Array.from({ length: VACUUM_AFTER_PRODUCTS_WRITTEN }, (_, i) => asin(i, 'B0NEW'))
    const id = await createImportJob(db, { kind: 'bulk', asins, createdBy: null })
    await importProducts(db, id, { client: client() })
    const after = await productsTable()
    expect(after.vacuums).toBe(before.vacuums + 1)
    expect(after.allVisible).toBe(after.pages)
  }, 60_000)
})
