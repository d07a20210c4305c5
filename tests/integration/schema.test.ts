import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '#db/client.ts'
import { createMigrator } from '#db/migrator.ts'

const run = promisify(execFile)

async function insertCategory(slug: string) {
  return db
    .insertInto('categories')
    .values({ name: `Category ${slug}`, slug })
    .returning('id')
    .executeTakeFirstOrThrow()
}

async function insertProduct(asin: string, categoryId: number | null = null) {
  return db
    .insertInto('products')
    .values({ asin, title: `Product ${asin}`, category_id: categoryId })
    .returning('id')
    .executeTakeFirstOrThrow()
}

describe('schema', () => {
  test('db/types.ts is what the migrations produce (run `npm run db:types` after a migration)', async () => {
    const result = await run('npx', ['kysely-codegen', '--verify', '--url', process.env.DATABASE_URL!]).catch(
      (error: { stdout: string; stderr: string }) => error,
    )
    expect('code' in result ? `${result.stdout}\n${result.stderr}` : 'up to date').toBe('up to date')
  })

  test('every migration can be undone and applied again', async () => {
    const migrator = createMigrator(db)
    const names = (await migrator.getMigrations()).map((m) => m.name)
    for (const _ of names) expect((await migrator.migrateDown()).error).toBeUndefined()
    const { count } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'`
      .execute(db)
      .then((r) => r.rows[0]!)
    expect(count).toBe(0)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
  })

  test('products: asin unique and well-formed, money exact, rating bounded', async () => {
    await insertProduct('B0TEST0001')
    await expect(insertProduct('B0TEST0001')).rejects.toThrow(/products_asin_key/)
    await expect(insertProduct('not-an-asin')).rejects.toThrow(/check constraint/)
    await expect(
      db.insertInto('products').values({ asin: 'B0TEST0002', title: 'x', rating: '5.5' }).execute(),
    ).rejects.toThrow(/check constraint/)
    const row = await db
      .insertInto('products')
      .values({ asin: 'B0TEST0003', title: 'Exact', price: '19.99', manual_price: '0.10' })
      .returning(['price', 'manual_price', 'badges', 'soft_hidden'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ price: '19.99', manual_price: '0.10', badges: [], soft_hidden: false })
  })

  test('categories: slug unique and lowercase-hyphenated; a category with products cannot be deleted', async () => {
    const { id } = await insertCategory('test-slug')
    await expect(insertCategory('test-slug')).rejects.toThrow(/categories_slug_key/)
    await expect(insertCategory('Bad Slug')).rejects.toThrow(/check constraint/)
    const product = await insertProduct('B0TEST0010', id)
    await expect(db.deleteFrom('categories').where('id', '=', id).execute()).rejects.toThrow(/foreign key/)
    await db.deleteFrom('products').where('id', '=', product.id).execute()
    await db.deleteFrom('categories').where('id', '=', id).execute()
  })

  test('reviews: rating 1-5, a known status, removed with their product', async () => {
    const product = await insertProduct('B0TEST0020')
    const review = (rating: number, status = 'PENDING') =>
      db
        .insertInto('reviews')
        .values({ product_id: product.id, reviewer_name: 'Reader', rating, status: status as 'PENDING' })
        .execute()
    await expect(review(0)).rejects.toThrow(/check constraint/)
    await expect(review(6)).rejects.toThrow(/check constraint/)
    await expect(review(5, 'PUBLISHED')).rejects.toThrow(/invalid input value for enum/)
    await review(5)
    const [stored] = await db.selectFrom('reviews').select('status').where('product_id', '=', product.id).execute()
    expect(stored?.status).toBe('PENDING')
    await db.deleteFrom('products').where('id', '=', product.id).execute()
    expect(await db.selectFrom('reviews').where('product_id', '=', product.id).execute()).toHaveLength(0)
  })

  test('users: e-mail unique whatever its case; roles limited to admin, editor, viewer', async () => {
    const user = await db
      .insertInto('users')
      .values({ email: 'Owner@Example.com' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await expect(db.insertInto('users').values({ email: 'owner@example.COM' }).execute()).rejects.toThrow(
      /users_email_key/,
    )
    await expect(
      db
        .insertInto('user_roles')
        .values({ user_id: user.id, role: 'superuser' as 'admin' })
        .execute(),
    ).rejects.toThrow(/invalid input value for enum/)
    await db.insertInto('user_roles').values({ user_id: user.id, role: 'editor' }).execute()
    await db.deleteFrom('users').where('id', '=', user.id).execute()
    expect(await db.selectFrom('user_roles').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })
})
