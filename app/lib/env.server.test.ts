import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { checkEncryptionKey, checkSigningSecret, parseEnv, readOrCreateSecret } from './env.server.ts'

describe('parseEnv', () => {
  test('gives every setting a working default', () => {
    const env = parseEnv({})
    expect(env.SITE_NAME).toBe('Comic Vault Supplies')
    expect(env.SITE_URL).toBe('http://localhost:3000')
    // No tag is anyone's default: a site without one runs, untagged (docs/decisions/076).
    expect(env.AFFILIATE_TAG).toBeUndefined()
    expect(parseEnv({ AFFILIATE_TAG: '' }).AFFILIATE_TAG).toBeUndefined()
    expect(parseEnv({ AFFILIATE_TAG: 'test-shop-20' }).AFFILIATE_TAG).toBe('test-shop-20')
    expect(() => parseEnv({ AFFILIATE_TAG: 'not a tag' })).toThrow(/AFFILIATE_TAG: must be an Associates tag/)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.REDIS_URL).toBeUndefined()
    expect(env.RUN_WORKER).toBe(true)
    expect(env.REFRESH_TZ).toBe('America/New_York')
    expect(env.AMAZON_MARKETPLACE).toBeUndefined() // the panel's, else www.amazon.com (decision 078)
  })

  test('metrics are off unless configured, and refuse a weak token or the site’s own port', () => {
    expect(parseEnv({ METRICS_PORT: '', METRICS_TOKEN: '' })).toMatchObject({
      METRICS_PORT: undefined,
      METRICS_TOKEN: undefined,
    })
    expect(parseEnv({ METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464)
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/)
    expect(() => parseEnv({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN/)
    expect(() => parseEnv({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/)
  })

  test('TEST_FIXTURE_ROUTES: off unless turned on, as on every real site', () => {
    expect(parseEnv({}).TEST_FIXTURE_ROUTES).toBe(false)
    expect(parseEnv({ TEST_FIXTURE_ROUTES: 'true' }).TEST_FIXTURE_ROUTES).toBe(true)
  })

  test('HTTP_CACHE_PURGE_URLS: none by default, a comma-separated list of http(s) URLs', () => {
    expect(parseEnv({}).HTTP_CACHE_PURGE_URLS).toEqual([])
    expect(parseEnv({ HTTP_CACHE_PURGE_URLS: '' }).HTTP_CACHE_PURGE_URLS).toEqual([])
    expect(
      parseEnv({ HTTP_CACHE_PURGE_URLS: ' http://varnish-a:6081/, https://varnish-b/ ,' }).HTTP_CACHE_PURGE_URLS,
    ).toEqual(['http://varnish-a:6081/', 'https://varnish-b/'])
    expect(() => parseEnv({ HTTP_CACHE_PURGE_URLS: 'varnish-a:6081' })).toThrow(/HTTP_CACHE_PURGE_URLS/)
    expect(() => parseEnv({ HTTP_CACHE_PURGE_URLS: 'ftp://varnish' })).toThrow(/HTTP_CACHE_PURGE_URLS/)
  })

  test('DATABASE_REPLICA_URLS: optional, a comma-separated list of Postgres URLs', () => {
    expect(parseEnv({ DATABASE_REPLICA_URLS: '' }).DATABASE_REPLICA_URLS).toBeUndefined()
    expect(parseEnv({}).REPLICA_WAIT_MS).toBe(1_000)
    expect(
      parseEnv({ DATABASE_REPLICA_URLS: ' postgres://r1:5432/shop, postgresql://u:p@r2/shop ,' }).DATABASE_REPLICA_URLS,
    ).toEqual(['postgres://r1:5432/shop', 'postgresql://u:p@r2/shop'])
    expect(() => parseEnv({ DATABASE_REPLICA_URLS: 'postgres://r1/shop,mysql://r2/shop' })).toThrow(
      /DATABASE_REPLICA_URLS\.1: must start with postgres:\/\/ or postgresql:\/\//,
    )
    expect(() => parseEnv({ REPLICA_WAIT_MS: '-1' })).toThrow(/REPLICA_WAIT_MS/)
  })

  test('the pool: at most DATABASE_POOL_SIZE, a floor kept open of at most as many, idle ones above it closed', () => {
    expect(parseEnv({})).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_POOL_IDLE_TIMEOUT_MS: 30_000 })
    expect(parseEnv({ DATABASE_POOL_MIN: '' }).DATABASE_POOL_MIN).toBeUndefined()
    expect(parseEnv({ DATABASE_POOL_SIZE: '6', DATABASE_POOL_MIN: '6' }).DATABASE_POOL_MIN).toBe(6)
    expect(parseEnv({ DATABASE_POOL_MIN: '0' }).DATABASE_POOL_MIN).toBe(0)
    expect(() => parseEnv({ DATABASE_POOL_SIZE: '4', DATABASE_POOL_MIN: '5' })).toThrow(
      /DATABASE_POOL_MIN: must not exceed DATABASE_POOL_SIZE/,
    )
    expect(() => parseEnv({ DATABASE_POOL_IDLE_TIMEOUT_MS: '0' })).toThrow(/DATABASE_POOL_IDLE_TIMEOUT_MS/)
  })

  test('ENCRYPTION_KEY and its former name: 32+ characters, not weak, never the session secret', () => {
    const key = '0123456789abcdef0123456789abcdef'
    for (const name of ['ENCRYPTION_KEY', 'MFA_ENCRYPTION_KEY'] as const) {
      expect(parseEnv({ [name]: '' })[name]).toBeUndefined()
      expect(parseEnv({ [name]: key })[name]).toBe(key)
      expect(() => parseEnv({ [name]: 'short' })).toThrow(new RegExp(`${name}: must be at least 32 characters`))
      expect(() => parseEnv({ [name]: 'm'.repeat(40) })).toThrow(new RegExp(`${name}: is too weak`))
      expect(() => parseEnv({ [name]: key, SESSION_SECRET: key })).toThrow(
        new RegExp(`${name}: must differ from SESSION_SECRET`),
      )
    }
  })

  test('requires an encryption key in production against a real database (decision 078)', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop' }
    const key = '0123456789abcdef0123456789abcdef'
    expect(() => checkEncryptionKey(parseEnv(production))).toThrowError(
      /^Invalid configuration:\n {2}ENCRYPTION_KEY: is required in production /,
    )
    expect(() => checkEncryptionKey(parseEnv({ ...production, ENCRYPTION_KEY: key }))).not.toThrow()
    expect(() => checkEncryptionKey(parseEnv({ ...production, MFA_ENCRYPTION_KEY: key }))).not.toThrow()
    expect(() => checkEncryptionKey(parseEnv({ NODE_ENV: 'production' }))).not.toThrow() // embedded: makes its own
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
    ['GEO_COUNTRY_HEADER', 'CF IPCountry: x'],
    ['AMAZON_CREDENTIAL_VERSION', '9.9'],
    ['SESSION_SECRET', 'short'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrowError(new RegExp(`^Invalid configuration:\\n  ${name}: `))
  })

  test('requires SESSION_SECRET in production against a real database, only where something is signed', () => {
    const database = { DATABASE_URL: 'postgres://db/shop' }
    // A migration or a seed needs only the database.
    const production = parseEnv({ NODE_ENV: 'production', ...database })
    expect(() => checkSigningSecret(production)).toThrowError(
      /^Invalid configuration:\n {2}SESSION_SECRET: is required in production /,
    )
    expect(() =>
      checkSigningSecret(parseEnv({ NODE_ENV: 'production', ...database, SESSION_SECRET: 'x'.repeat(32) })),
    ).not.toThrow()
    expect(() =>
      checkSigningSecret(parseEnv({ NODE_ENV: 'production', ...database, SESSION_SECRET_FILE: '/run/secret' })),
    ).not.toThrow()
    expect(() => checkSigningSecret(parseEnv({ NODE_ENV: 'production' }))).not.toThrow() // embedded demo: makes its own
    expect(() => checkSigningSecret(parseEnv({ NODE_ENV: 'development', ...database }))).not.toThrow()
  })
})

describe('S3 settings', () => {
  const complete = {
    S3_BUCKET: 'comic-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret',
  }

  test('are all or nothing', () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined()
    expect(parseEnv({ ...complete, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'comic-media',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
    })
    expect(() => parseEnv({ S3_BUCKET: 'comic-media' })).toThrow(
      /S3_REGION: is required with S3_\*[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    )
    expect(() => parseEnv({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET: is required with S3_*')
  })

  test('refuse a malformed bucket or endpoint', () => {
    expect(() => parseEnv({ ...complete, S3_BUCKET: 'Not A Bucket' })).toThrow('S3_BUCKET: must be a bucket name')
    expect(() => parseEnv({ ...complete, S3_ENDPOINT: 'ftp://x' })).toThrow('S3_ENDPOINT')
  })
})

describe('a generated secret', () => {
  const directory = () => mkdtempSync(path.join(tmpdir(), 'cv-secret-'))

  test('is made once, private, and read back the same by every later caller', () => {
    const file = path.join(directory(), 'nested', 'session-secret')
    const first = readOrCreateSecret(file)
    expect(first).toMatch(/^[0-9a-f]{64}$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readOrCreateSecret(file)).toBe(first)
    expect(readFileSync(file, 'utf8')).toBe(first)
  })

  test('a file too short to be a secret is refused, by name', () => {
    const file = path.join(directory(), 'session-secret')
    writeFileSync(file, 'short')
    expect(() => readOrCreateSecret(file)).toThrowError(/SESSION_SECRET_FILE: .* must hold 32\+ characters/)
  })
})
