import { describe, expect, test } from 'vitest'
import { parseEnv } from './env.server.ts'

describe('parseEnv', () => {
  test('gives every setting a working default', () => {
    const env = parseEnv({})
    expect(env.SITE_NAME).toBe('Comic Vault Supplies')
    expect(env.SITE_URL).toBe('http://localhost:3000')
    expect(env.AFFILIATE_TAG).toBe('comicvault-20')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.REDIS_URL).toBeUndefined()
    expect(env.RUN_WORKER).toBe(true)
    expect(env.REFRESH_TZ).toBe('America/New_York')
    expect(env.AMAZON_MARKETPLACE).toBe('www.amazon.com')
  })

  test('treats an empty value as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.REDIS_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  test('parses and normalises the values it is given', () => {
    const env = parseEnv({
      SITE_URL: 'https://shop.example.com/',
      PORT: '8080',
      RUN_WORKER: 'false',
      TRUST_PROXY: '1',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
    })
    expect(env.SITE_URL).toBe('https://shop.example.com')
    expect(env.PORT).toBe(8080)
    expect(env.RUN_WORKER).toBe(false)
    expect(env.TRUST_PROXY).toBe(1)
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/shop')
  })

  test.each([
    ['DATABASE_URL', 'mysql://db/shop'],
    ['REDIS_URL', 'not a url'],
    ['SITE_URL', 'ftp://example.com'],
    ['PORT', 'eighty'],
    ['RUN_WORKER', 'maybe'],
    ['REFRESH_TZ', 'Mars/Olympus_Mons'],
    ['AFFILIATE_TAG', 'tag with spaces'],
    ['AMAZON_CREDENTIAL_VERSION', '9.9'],
    ['SESSION_SECRET', 'short'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(new RegExp(`^Invalid configuration:\\n  ${name}: `))
  })

  test('requires SESSION_SECRET in production against a real database only', () => {
    const database = { DATABASE_URL: 'postgres://db/shop' }
    expect(() => parseEnv({ NODE_ENV: 'production', ...database })).toThrowError(
      /SESSION_SECRET: is required in production/,
    )
    expect(
      parseEnv({ NODE_ENV: 'production', ...database, SESSION_SECRET: 'x'.repeat(32) }).SESSION_SECRET,
    ).toHaveLength(32)
    expect(() => parseEnv({ NODE_ENV: 'production' })).not.toThrow() // embedded demo: makes its own
    expect(() => parseEnv({ NODE_ENV: 'development', ...database })).not.toThrow()
  })
})
