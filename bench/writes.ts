import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import pg from 'pg'
import type { ProductChanges } from '#app/models/admin-product.server.ts'

// The writes mix of `npm run bench -- --writes`: while cached pages are measured, an admin saves a product once a
// second through the server's own edit form (app/routes/admin.products.$id.tsx), as a person in the panel would.
// Every save drops the pages that show the product (docs/decisions/030) in every web process.

const SUFFIX = ' (bench edit)'
const EMAIL_DOMAIN = 'bench.invalid'

export interface SaveCounts {
  done: number
  failed: number
}

/** What the edit form posts: the model's own shape for an edit. */
type EditableRow = ProductChanges

/**
 * An admin of the bench database, signed in the way the server signs one in: a user with the admin role
 * and a panel session row, named by a cookie signed with the server's SESSION_SECRET (as
 * tests/support/built-server.ts `startSession` does).
 */
export async function createAdminSession(databaseUrl: string, sessionSecret: string) {
  const id = randomBytes(32).toString('base64url')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    // Left over by a run that was killed: its audit rows and sessions go with it.
    await removeBenchAdmins(client)
    const { rows } = await client.query<{ id: number }>('INSERT INTO users (email) VALUES ($1) RETURNING id', [
      `bench-admin-${id.slice(0, 8)}@${EMAIL_DOMAIN}`,
    ])
    const userId = rows[0]!.id
    await client.query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')", [userId])
    await client.query(
      "INSERT INTO sessions (id, user_id, kind, expires_at) VALUES ($1, $2, 'panel', now() + interval '12 hours')",
      [id, userId],
    )
  } finally {
    await client.end()
  }
  const cookie = createCookie('cv_session', { secrets: [sessionSecret] })
  return (await cookie.serialize(id)).split(';')[0]!
}

async function removeBenchAdmins(client: pg.Client) {
  const pattern = `bench-admin-%@${EMAIL_DOMAIN}`
  await client.query('DELETE FROM audit_log WHERE actor_id IN (SELECT id FROM users WHERE email LIKE $1)', [pattern])
  await client.query('DELETE FROM users WHERE email LIKE $1', [pattern])
}

/**
 * Saves a random visible product once a second: first with " (bench edit)" added to its title, the next
 * second with the title as it was, then another product. A real change each time (an UPDATE, an audit row,
 * an invalidation of the pages showing it), and the catalogue is as it was once the loop stops.
 */
export class AdminWriteLoop {
  readonly counts: SaveCounts = { done: 0, failed: 0 }
  readonly failures: string[] = []
  private running = false
  private loop: Promise<void> | undefined
  private pending: { id: number; title: string } | null = null
  private readonly client: pg.Client

  constructor(
    private readonly base: string,
    private readonly databaseUrl: string,
    private readonly cookie: string,
    private readonly productIds: number[],
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl })
  }

  async open(): Promise<void> {
    await this.client.connect()
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = (async () => {
      while (this.running) {
        const started = Date.now()
        await this.saveOnce()
        const wait = 1_000 - (Date.now() - started)
        if (wait > 0 && this.running) await new Promise((resolve) => setTimeout(resolve, wait))
      }
    })()
  }

  async stop(): Promise<void> {
    this.running = false
    await this.loop
  }

  /** Puts back a title still carrying the suffix, then removes the bench admin and its audit rows. */
  async close(): Promise<void> {
    await this.stop()
    try {
      if (this.pending) await this.save(this.pending.id, this.pending.title).catch(() => this.restoreDirectly())
      await removeBenchAdmins(this.client)
    } finally {
      await this.client.end()
    }
  }

  private async restoreDirectly() {
    if (!this.pending) return
    await this.client.query('UPDATE products SET title = $2 WHERE id = $1', [this.pending.id, this.pending.title])
    this.pending = null
  }

  private async saveOnce() {
    try {
      if (this.pending) {
        await this.save(this.pending.id, this.pending.title)
        this.pending = null
      } else {
        const id = this.productIds[Math.floor(Math.random() * this.productIds.length)]!
        const title = await this.save(id, (current) => current + SUFFIX)
        this.pending = { id, title }
      }
      this.counts.done++
    } catch (error) {
      this.counts.failed++
      if (this.failures.length < 20) this.failures.push(error instanceof Error ? error.message : String(error))
    }
  }

  /** Posts the product's edit form with every field as stored and the title given; answers the old title. */
  private async save(id: number, title: string | ((current: string) => string)): Promise<string> {
    const { rows } = await this.client.query<EditableRow>(
      `SELECT title, brand, category_id, description, badges, keywords, affiliate_url, image_url, images,
              manual_price::text AS manual_price
       FROM products WHERE id = $1`,
      [id],
    )
    const row = rows[0]
    if (!row) throw new Error(`product ${id} is gone`)
    const form = new URLSearchParams()
    form.set('title', typeof title === 'function' ? title(row.title) : title)
    form.set('brand', row.brand ?? '')
    form.set('category_id', row.category_id === null ? '' : String(row.category_id))
    form.set('description', row.description ?? '')
    form.set('badges', row.badges.join(', '))
    form.set('keywords', row.keywords.join(', '))
    form.set('affiliate_url', row.affiliate_url ?? '')
    form.set('image_url', row.image_url ?? '')
    for (const image of row.images) form.append('images', image)
    form.set('manual_price', row.manual_price ?? '')
    const response = await fetch(`${this.base}/admin/products/${id}`, {
      method: 'POST',
      headers: { cookie: this.cookie, origin: this.base, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    })
    await response.arrayBuffer()
    // The action answers a successful save with a 303 back to the list; anything else is a failure.
    const location = response.headers.get('location') ?? ''
    if (response.status !== 303 || !location.startsWith('/admin/products')) {
      throw new Error(`save of product ${id} answered ${response.status}${location ? ` → ${location}` : ''}`)
    }
    return row.title
  }
}
