import { hashPassword } from '#app/lib/password.server.ts'
import type { Role } from '#app/lib/permissions.ts'
import { databaseUrl, onServer } from '#tests/support/postgres.ts'

// The admin panel's e2e specs work on the e2e site's database directly to arrange users (DESIGN §7:
// fixtures create rows rather than type into forms they are not testing).

function e2eDatabaseUrl(): string {
  const name = process.env.E2E_DATABASE
  if (!name) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
  return databaseUrl(name)
}

/** A panel user with this role and password, made in the e2e database; answers the e-mail address. */
export async function createPanelUser(role: Role, password: string, label = role): Promise<string> {
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const passwordHash = await hashPassword(password)
  await onServer(async (client) => {
    const { rows } = await client.query<{ id: number }>(
      'INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING id',
      [email, passwordHash],
    )
    await client.query('INSERT INTO user_roles (user_id, role) VALUES ($1, $2)', [rows[0]!.id, role])
  }, e2eDatabaseUrl())
  return email
}

/**
 * Runs `work` while no other spec holds the panel (a Postgres advisory lock on the e2e database), for
 * specs that need the site to have no admin at all, such as first-admin setup.
 */
export async function withPanelToMyself<T>(work: (removeAdmins: () => Promise<void>) => Promise<T>): Promise<T> {
  return onServer(async (client) => {
    await client.query('SELECT pg_advisory_lock(4242)')
    try {
      // Existing admins become editors: the site has no admin, so setup is open again.
      const removeAdmins = async () => {
        await client.query(`UPDATE user_roles SET role = 'editor' WHERE role = 'admin'
          AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = user_roles.user_id AND r.role = 'editor')`)
        await client.query(`DELETE FROM user_roles WHERE role = 'admin'`)
      }
      return await work(removeAdmins)
    } finally {
      await client.query('SELECT pg_advisory_unlock(4242)')
    }
  }, e2eDatabaseUrl())
}
