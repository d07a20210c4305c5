import { describe, expect, test } from 'vitest'
import { parseEnv } from '#app/lib/env.server.ts'
import { poolSettings } from './client.ts'
import { NamedStatementsClient } from './named-statements.ts'

describe('poolSettings', () => {
  test('keeps every connection it opened unless a lower floor is set; names them for the start-up check', () => {
    expect(poolSettings(parseEnv({ DATABASE_POOL_SIZE: '8' }))).toMatchObject({
      max: 8,
      min: 8,
      idleTimeoutMillis: 30_000,
      application_name: expect.stringMatching(/^comic-vault /),
    })
    expect(poolSettings(parseEnv({ DATABASE_POOL_MIN: '2', DATABASE_POOL_IDLE_TIMEOUT_MS: '5000' }))).toMatchObject({
      max: 10,
      min: 2,
      idleTimeoutMillis: 5_000,
    })
  })

  test('sends statements by name unless DATABASE_PREPARED_STATEMENTS is false (a pooler that cannot keep them)', () => {
    expect(poolSettings(parseEnv({})).Client).toBe(NamedStatementsClient)
    expect(poolSettings(parseEnv({ DATABASE_PREPARED_STATEMENTS: 'false' }))).not.toHaveProperty('Client')
  })
})
