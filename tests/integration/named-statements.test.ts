import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'

// Statements planned once per connection (docs/decisions/067): the app's pool names what it sends, except the
// statements marked to be planned per call; a connection keeps a bounded number; a statement whose result columns a
// migration changed is prepared again instead of failing the request.
process.env.DATABASE_POOL_SIZE = '1' // one backend: its pg_prepared_statements are the pool's
const { db } = await import('#db/client.ts')
const { NAMED_PER_CONNECTION, NamedStatementsClient } = await import('#db/named-statements.ts')
const { PLANNED_PER_CALL } = await import('#db/planned-per-call.ts')
const { getProductPage, listCategoryProducts } = await import('#app/models/product.server.ts')
const { createCategory, createProduct } = await import('#tests/support/catalogue.ts')

interface Prepared {
  statement: string
  generic_plans: number
  custom_plans: number
}

/** The statements the backend behind `db` keeps, read by a statement without values (never named itself). */
const kept = async () =>
  (await sql<Prepared>`SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(db)).rows.map(
    (row) => ({ ...row, calls: Number(row.generic_plans) + Number(row.custom_plans) }),
  )

const opened: pg.Client[] = []
const client = () => {
  // Typed as what it replaces: the pool's callers see pg.Client's own query().
  const connection: pg.Client = new NamedStatementsClient({ connectionString: process.env.DATABASE_URL })
  opened.push(connection)
  return connection.connect().then(() => connection)
}
afterAll(() => Promise.all(opened.map((connection) => connection.end())))

describe("the pool's statements", () => {
  test('a product page lookup is prepared once and reused; a category page list is planned per call', async () => {
    const category = await createCategory({ slug: 'mylar-sleeves' })
    const product = await createProduct({ category_id: category.id })
    const filters = { sort: 'newest', minPrice: 0, maxPrice: null, minRating: 0, page: 1 } as const
    for (let call = 0; call < 3; call++) {
      expect((await getProductPage(db, product.asin, 3))?.product).toMatchObject({ id: product.id })
      expect((await listCategoryProducts(db, category.id, filters)).products).toHaveLength(1)
    }
    const statements = await kept()
    const lookup = statements.filter((row) => row.statement.includes('"p"."asin" = $'))
    expect(lookup).toHaveLength(1)
    expect(lookup[0]!.calls).toBe(3)
    // The page's counts are kept (three calls, one statement); its rows, marked, never are.
    expect(statements.some((row) => row.statement.includes('category_listing_counts') && row.calls === 3)).toBe(true)
    expect(statements.filter((row) => /"p"\."id" in \(/.test(row.statement))).toEqual([])
    expect(statements.filter((row) => row.statement.includes(PLANNED_PER_CALL))).toEqual([])
    expect(statements.filter((row) => !row.statement.includes('$1'))).toEqual([])
  })
})

describe('NamedStatementsClient', () => {
  test(`keeps ${NAMED_PER_CONNECTION} statements a connection and sends the rest unnamed, answering all`, async () => {
    const connection = await client()
    for (let n = 0; n < NAMED_PER_CONNECTION + 5; n++) {
      const { rows } = await connection.query(`SELECT $1::int + ${n} AS total`, [1])
      expect(rows).toEqual([{ total: n + 1 }])
    }
    const { rows } = await connection.query('SELECT count(*)::int AS count FROM pg_prepared_statements')
    expect(rows).toEqual([{ count: NAMED_PER_CONNECTION }])
  })

  test('a statement whose result columns changed is prepared again outside a transaction, and fails inside one', async () => {
    const connection = await client()
    await connection.query('CREATE TABLE shelves (id int PRIMARY KEY)')
    await connection.query('INSERT INTO shelves VALUES (1)')
    const read = () => connection.query('SELECT * FROM shelves WHERE id = $1', [1])
    expect((await read()).rows).toEqual([{ id: 1 }])

    await connection.query('ALTER TABLE shelves ADD COLUMN width int DEFAULT 12')
    expect((await read()).rows).toEqual([{ id: 1, width: 12 }])

    await connection.query('BEGIN')
    await connection.query('ALTER TABLE shelves ADD COLUMN depth int DEFAULT 15')
    await expect(read()).rejects.toMatchObject({ code: '0A000' })
    await connection.query('ROLLBACK')
    expect((await read()).rows).toEqual([{ id: 1, width: 12 }])
  })

  test("through the callback pg.Pool#query uses, and with Postgres's errors", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: NamedStatementsClient })
    try {
      for (let call = 0; call < 2; call++) {
        expect((await pool.query('SELECT $1::text AS word', ['mylar'])).rows).toEqual([{ word: 'mylar' }])
      }
      const { rows } = await pool.query('SELECT statement FROM pg_prepared_statements')
      expect(rows).toEqual([{ statement: 'SELECT $1::text AS word' }])
    } finally {
      await pool.end()
    }
    const connection = await client()
    await expect(connection.query('SELECT 1 / $1::int AS share', [0])).rejects.toMatchObject({ code: '22012' })
    await expect(connection.query('SELECT nothing FROM $1', [0])).rejects.toMatchObject({ code: '42601' })
    expect((await connection.query('SELECT 2 / $1::int AS share', [1])).rows).toEqual([{ share: 2 }])
  })
})
