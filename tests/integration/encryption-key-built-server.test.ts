import { afterAll, describe, expect, inject, test } from 'vitest'
import { builtServerEnv, createSeededDatabase, startBuiltServer } from '#tests/support/built-server.ts'

// The key that seals the secrets kept in the database (the Creators API's, authenticator apps'; docs/decisions/078):
// the production server, started as `npm start` starts it on a real database, refuses to start without one or with
// a weak one, saying which and how to make a good one, and exits non-zero; with a good one it serves.

const database = await createSeededDatabase(inject('templateDatabase'))
afterAll(() => database.drop())

/** `npm start` (scripts/start.ts) with the built server's env and these keys. */
const start = (keys: { ENCRYPTION_KEY: string; MFA_ENCRYPTION_KEY?: string }) =>
  startBuiltServer({ ...builtServerEnv(database), MFA_ENCRYPTION_KEY: '', ...keys }, { script: 'scripts/start.ts' })

/** The refusal: the exit code and what the process printed (startBuiltServer throws them when it exits first). */
async function refusal(keys: { ENCRYPTION_KEY: string; MFA_ENCRYPTION_KEY?: string }) {
  const error = await start(keys).then(
    async (server) => {
      await server.stop()
      throw new Error('the server started')
    },
    (failure: Error) => failure,
  )
  const [, code, output] = /^server exited \((\d+)\):\n([\s\S]*)$/.exec(error.message) ?? []
  expect(code, error.message).toBeDefined()
  return { code: Number(code), output: output! }
}

describe('npm start in production on a real database', () => {
  test('refuses to start without ENCRYPTION_KEY, saying how to make one', async () => {
    const { code, output } = await refusal({ ENCRYPTION_KEY: '' })
    expect(code).toBe(1)
    expect(output).toContain('Invalid configuration:')
    expect(output).toContain('ENCRYPTION_KEY: is required in production (32+ random characters: openssl rand -hex 32)')
  }, 60_000)

  test('refuses a short key', async () => {
    const { code, output } = await refusal({ ENCRYPTION_KEY: 'a1b2c3d4e5f6g7h8' })
    expect(code).toBe(1)
    expect(output).toContain('ENCRYPTION_KEY: must be at least 32 characters')
  }, 60_000)

  test('refuses a long key of fewer than 10 distinct characters, and the same under its former name', async () => {
    const weak = 'abc123456'.repeat(4)
    expect(new Set(weak).size).toBe(9)
    const { code, output } = await refusal({ ENCRYPTION_KEY: weak })
    expect(code).toBe(1)
    expect(output).toContain('ENCRYPTION_KEY: is too weak: use 32+ random characters (openssl rand -hex 32)')
    const former = await refusal({ ENCRYPTION_KEY: '', MFA_ENCRYPTION_KEY: weak })
    expect(former.code).toBe(1)
    expect(former.output).toContain('MFA_ENCRYPTION_KEY: is too weak')
  }, 60_000)

  test('starts and serves with a good key', async () => {
    const server = await start({ ENCRYPTION_KEY: '5f0c9e2a7b41d3866e0a9c1f2b7d4e3a8c6f1b0d' })
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect((await fetch(server.url)).status).toBe(200)
    } finally {
      await server.stop()
    }
  }, 90_000)
})
