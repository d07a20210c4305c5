import { randomBytes } from 'node:crypto'
import { slugify } from '#app/utils/slug.ts'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'

// Rows the panel specs work on, written straight into the e2e site's database. Panel users and their sessions
// come from the panelUsers fixture (panel-fixture.ts).

function env() {
  const name = process.env.E2E_DATABASE
  if (!name) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
  return e2eServiceEnv(name)
}

/** Every admin becomes an editor, so first-admin setup is open again (tests/e2e/first-admin.spec.ts). */
export async function removeAdmins(): Promise<void> {
  await onServer(async (client) => {
    await client.query(`INSERT INTO user_roles (user_id, role)
      SELECT user_id, 'editor' FROM user_roles WHERE role = 'admin' ON CONFLICT DO NOTHING`)
    await client.query(`DELETE FROM user_roles WHERE role = 'admin'`)
  }, env().DATABASE_URL)
}

/**
 * A product of its own for a spec to change freely (the seeded ones are read by other specs); answers its ASIN and
 * id. It has a description, as a curated product does: the site checks crawl every visible product's page.
 */
export async function createProductRow(title: string): Promise<{ id: number; asin: string }> {
  const asin = `E${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`
  return onServer(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO products (asin, title, brand, description, price, last_updated)
       VALUES ($1, $2, 'E2E Brand', $3, 9.99, now()) RETURNING id`,
      [asin, title, `${title}: a product an end-to-end test made, described as a curator would describe it.`],
    )
    return { id: rows[0]!.id, asin }
  }, env().DATABASE_URL)
}

/**
 * A visible category of its own, with no products, for a spec to change; the function it answers deletes it (the
 * storefront specs count the seeded categories on the home page).
 */
export async function createCategoryRow(name: string): Promise<() => Promise<void>> {
  await onServer(
    (client) => client.query('INSERT INTO categories (name, slug) VALUES ($1, $2)', [name, slugify(name)]),
    env().DATABASE_URL,
  )
  return () => deleteCategoryRow(name)
}

/** Deletes the category named `name`, if it is there. */
export async function deleteCategoryRow(name: string): Promise<void> {
  await onServer((client) => client.query('DELETE FROM categories WHERE name = $1', [name]), env().DATABASE_URL)
}

/** A review waiting for moderation. */
export async function createPendingReview(productId: number, reviewerName: string): Promise<void> {
  await onServer(
    (client) =>
      client.query(`INSERT INTO reviews (product_id, reviewer_name, rating, comment) VALUES ($1, $2, 4, 'Solid.')`, [
        productId,
        reviewerName,
      ]),
    env().DATABASE_URL,
  )
}

/** A media library entry (its file need not exist: the picker only lists it). */
export async function createMediaRow(fileName: string): Promise<string> {
  const key = `${Date.now()}-${randomBytes(8).toString('hex')}.png`
  const url = `${process.env.E2E_BASE_URL}/uploads/${key}`
  await onServer(
    (client) =>
      client.query(
        `INSERT INTO media (url, key, file_name, file_size, mime_type, width, height) VALUES ($1, $2, $3, 100, 'image/png', 1, 1)`,
        [url, key, fileName],
      ),
    env().DATABASE_URL,
  )
  return url
}

/**
 * An open link problem of a product, recorded by the refresh's own model (docs/decisions/047). Call it once the
 * panelUsers fixture has pointed the app's modules at the e2e site's database.
 */
export async function recordLinkProblem(
  productId: number,
  kind: 'rejected' | 'unavailable' | 'no-offer' | 'price-jump',
  detail: string,
  { featured = false }: { featured?: boolean } = {},
): Promise<void> {
  const { recordProblem } = await import('#app/models/link-health.server.ts')
  const { db } = await import('#db/client.ts')
  await recordProblem(db, productId, kind, detail)
  if (featured) await db.updateTable('products').set({ is_featured: true }).where('id', '=', productId).execute()
}

/**
 * Deletes a guide or an information page by its slug, its revisions with it: a page shows its default text again
 * (app/content/default-pages.ts), so the specs that read it are not disturbed.
 */
export async function deleteDocumentRow(kind: 'guide' | 'page', slug: string): Promise<void> {
  await onServer(
    (client) => client.query('DELETE FROM documents WHERE kind = $1 AND slug = $2', [kind, slug]),
    env().DATABASE_URL,
  )
}

/** A draft guide whose cover is the media file of this name, so that the file is in use. */
export async function createDraftGuideCovering(fileName: string): Promise<void> {
  const title = `Covered ${randomBytes(4).toString('hex')}`
  await onServer(
    (client) =>
      client.query(
        `INSERT INTO documents (kind, slug, title, body, cover_media_id)
         SELECT 'guide', $1, $2, 'A draft an end-to-end test made.', id FROM media WHERE file_name = $3`,
        [slugify(title), title, fileName],
      ),
    env().DATABASE_URL,
  )
}

/** A product of its own whose picture is the media file of this name, so that the file is in use. */
export async function createProductShowing(fileName: string): Promise<void> {
  const { id } = await createProductRow(`Pictured ${randomBytes(4).toString('hex')}`)
  await onServer(
    (client) =>
      client.query(
        `UPDATE products SET image_url = media.url FROM media WHERE products.id = $1 AND media.file_name = $2`,
        [id, fileName],
      ),
    env().DATABASE_URL,
  )
}

/**
 * What a spec needs to read earnings (docs/decisions/081): a published guide with its own tracking ID, a product,
 * one click from the guide's page on `day` (noon in the site's time zone) and an imported earnings row of the
 * product through the guide's tag, shipped on `day` and again today (for the dashboard's last 30 days).
 */
export async function createEarningRows(
  token: string,
  { day, earningsCents }: { day: string; earningsCents: number },
): Promise<{ asin: string; product: string; guide: string; tag: string }> {
  const product = `Earner ${token}`
  const guide = `Earning guide ${token}`
  const { asin } = await createProductRow(product)
  const tag = `e2e-${token.replace(/[^a-z0-9]/gi, '').slice(-40)}-20`.toLowerCase()
  const slug = slugify(guide)
  await onServer(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      // Published, so the site checks crawl it: a summary long enough to be its meta description.
      `INSERT INTO documents (kind, slug, title, summary, body, status, published_at)
       VALUES ('guide', $1, $2, 'A guide that earns: the sleeves and boxes its readers bought through it.',
               'A guide that earns.', 'published', now()) RETURNING id`,
      [slug, guide],
    )
    await client.query(`INSERT INTO tracking_ids (tag, placement, guide_id) VALUES ($1, 'guide', $2)`, [
      tag,
      rows[0]!.id,
    ])
    await client.query(
      `INSERT INTO clicks (product_id, product_asin, ip_hash, store, source_path, placement, tag, clicked_at)
       SELECT id, asin, 'e2e', 'US', $2, 'guide', $3, ($4::date + time '12:00') AT TIME ZONE 'America/New_York'
       FROM products WHERE asin = $1`,
      [asin, `/guides/${slug}`, tag, day],
    )
    const imported = await client.query<{ id: number }>(
      `INSERT INTO associates_imports (report, period_from, period_to, file_name)
       VALUES ('earnings', $1, current_date, 'e2e.csv') RETURNING id`,
      [day],
    )
    await client.query(
      `INSERT INTO associates_earnings
         (import_id, shipped_on, asin, tracking_id, price_cents, items_shipped, returns, revenue_cents, earnings_cents)
       VALUES ($1, $2, $3, $4, 2500, 2, 0, 5000, $5), ($1, current_date, $3, $4, 2500, 1, 0, 2500, $5)`,
      [imported.rows[0]!.id, day, asin, tag, earningsCents],
    )
  }, env().DATABASE_URL)
  return { asin, product, guide, tag }
}
