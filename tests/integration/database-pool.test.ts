import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { describe, expect, test, vi } from 'vitest'

// Warm backends within a cap (issue 31, docs/decisions/058): a floor of connections outlives any idle spell, those
// above it close, and the start-up check says when the processes could open more than Postgres allows.
Object.assign(process.env, { DATABASE_POOL_SIZE: '4', DATABASE_POOL_MIN: '2', DATABASE_POOL_IDLE_TIMEOUT_MS: '200' })
const { db, poolCounts } = await import('#db/client.ts')
const { checkConnectionBudget } = await import('#db/connection-budget.ts')
const { logger } = await import('#app/lib/logger.server.ts')

/** The backend that answers a query held for a moment, so that `count` of them run at once on as many connections. */
const backends = (count: number) =>
  Promise.all(
    Array.from({ length: count }, () =>
      sql<{
        pid: number
        name: string
      }>`SELECT pg_backend_pid() AS pid, current_setting('application_name') AS name, pg_sleep(0.1)`
        .execute(db)
        .then(({ rows }) => rows[0]!),
    ),
  )

describe('the database pool', () => {
  test('after idling five times past the idle timeout it still holds its floor, the same backends', async () => {
    const opened = await backends(4)
    expect(new Set(opened.map((backend) => backend.pid)).size).toBe(4)
    expect(opened[0]!.name).toBe('comic-vault web')
    expect((await poolCounts())?.total).toBe(4)

    await sleep(1_000)
    expect(await poolCounts()).toMatchObject({ total: 2, idle: 2 })
    const kept = await backends(2)
    expect(opened.map((backend) => backend.pid)).toEqual(expect.arrayContaining(kept.map((backend) => backend.pid)))
  })

  test('the start-up check warns when this host alone may open more connections than Postgres allows', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
    await checkConnectionBudget(1_000)
    const { rows } = await sql<{ allowed: number }>`
      SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS allowed`.execute(
      db,
    )
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ allowed: rows[0]!.allowed, thisHost: 4_000, processes: 1_000 }),
      expect.stringMatching(/^database connections over budget: this host alone may open 4000 connections/),
    )
    warn.mockRestore()
  })
})
