import { sql } from 'kysely'
import type { Executor } from '#db/client.ts'

/** The account for an e-mail address (case-insensitive), created on first use: how reviewers sign up. */
export async function findOrCreateUserByEmail(db: Executor, email: string): Promise<{ id: number; email: string }> {
  const created = await db
    .insertInto('users')
    .values({ email })
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst()
  if (created) return created
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow()
}
