import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * The one typed view of configuration. Parsed once at boot: a bad value stops the process with the
 * variable's name, instead of failing later on the first request that needs it.
 */

// An unset variable and an empty one mean the same thing (compose files and .env often leave "X=").
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value))

const timeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      return true
    } catch {
      return false
    }
  },
  { message: 'must be an IANA time zone such as America/New_York' },
)

// A key long enough and random-looking enough to seal secrets: "x" repeated 32 times is neither.
const encryptionKeySchema = z
  .string()
  .min(32, 'must be at least 32 characters')
  .refine((key) => new Set(key).size >= 10, 'is too weak: use 32+ random characters (openssl rand -hex 32)')

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    SITE_NAME: z.string().trim().min(1).default('Comic Vault Supplies'),
    SITE_URL: url(['http:', 'https:'])
      .default('http://localhost:3000')
      .transform((value) => value.replace(/\/+$/, '')),
    // Unset: clicks go to Amazon untagged, earning nothing, and the panel says so (docs/decisions/076).
    AFFILIATE_TAG: optional(
      z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an Associates tag: letters, digits and hyphens'),
    ),
    // The local Amazon stores the owner is enrolled in, with their tags: "US:<tag>-20,UK:<tag>-21"
    // (decision 044). Entries it cannot use are left out; the US store's tag is AFFILIATE_TAG unless listed.
    AFFILIATE_TAGS: optional(z.string().max(2000)),
    // A header a trusted proxy sets to the visitor's country (e.g. CF-IPCountry); unset: none is trusted.
    GEO_COUNTRY_HEADER: optional(
      z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name such as CF-IPCountry'),
    ),
    SESSION_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    // Encrypts every secret kept in the database (authenticator apps', the Creators API's; docs/decisions/048, 078);
    // never the session secret. MFA_ENCRYPTION_KEY is its former name, still read when it is unset.
    ENCRYPTION_KEY: optional(encryptionKeySchema),
    MFA_ENCRYPTION_KEY: optional(encryptionKeySchema),
    // Where a generated secret is kept when SESSION_SECRET is unset (compose shares one between app and worker).
    SESSION_SECRET_FILE: optional(z.string().min(1)),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
    // A process's connections at most; with every process on every host, within Postgres's (docs/decisions/058).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    // The warm connections a process keeps however long they idle. Unset: every one it opened.
    DATABASE_POOL_MIN: optional(z.coerce.number().int().min(0).max(100)),
    // How long a connection above that floor may idle before it is closed.
    DATABASE_POOL_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    // Statements sent by name, planned once per connection (decision 067); off behind a pooler that cannot keep them.
    DATABASE_PREPARED_STATEMENTS: boolean.default('true'),
    // Streaming replicas of DATABASE_URL for the public pages' reads, comma-separated (decision 055).
    DATABASE_REPLICA_URLS: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .pipe(z.array(url(['postgres:', 'postgresql:'])).max(16)),
    ),
    // How long a write waits for the replicas to replay it before reading around the ones that lag.
    REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    EMBEDDED_DATA_DIR: z.string().default('.data'),
    REDIS_URL: optional(url(['redis:', 'rediss:'])),
    // Every Redis key (queues, rate limits, caches) starts with this, so several sites or test runs can share one Redis.
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:-]{1,64}$/)
      .default('cv'),
    SMTP_URL: optional(url(['smtp:', 'smtps:'])),
    MAIL_FROM: z.string().min(3).default('Comic Vault Supplies <no-reply@localhost>'),
    UPLOAD_DIR: z.string().default('uploads'),
    // S3-compatible object storage for media (app/lib/storage.server.ts), so several app servers share it.
    S3_BUCKET: optional(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')),
    S3_REGION: optional(z.string().min(1)),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    S3_ENDPOINT: optional(url(['http:', 'https:'])),
    S3_FORCE_PATH_STYLE: optional(boolean),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx) => {
        if (value === 'true') return true
        if (value === 'false') return false
        if (/^\d+$/.test(value)) return Number(value)
        if (/^[\w.:/,\s-]+$/.test(value)) return value
        ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a list of subnets' })
        return z.NEVER
      }),
    RUN_WORKER: boolean.default('true'),
    // The recurring jobs (nightly refresh, digest, …). Off for a copy of the site that must not call Amazon or mail
    // subscribers by itself, such as a staging site or the e2e suite; jobs asked for still run.
    RUN_SCHEDULES: boolean.default('true'),
    // Web processes behind one port (scripts/cluster.ts, docs/decisions/029). Unset: one per core in production
    // with Postgres and Redis; the embedded database and development are always one process.
    WEB_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)),
    // A stopping web process keeps serving this long with /healthz at 503, so probes take it out of a load balancer
    // first (docs/decisions/056). Unset: 5 s in production on Postgres (where several hosts can run), else 0.
    SHUTDOWN_DRAIN_MS: optional(z.coerce.number().int().min(0).max(120_000)),
    // Above a proxy's idle timeout (Varnish, AWS ALB: 60 s), so the proxy, not us, closes an idle connection (056).
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(65_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(66_000),
    // Answers the routes that exist for tests only (app/routes/_site.test-fixtures.*); off, they are 404s.
    TEST_FIXTURE_ROUTES: boolean.default('false'),
    // The rendered-page cache for anonymous visitors (production only; see app/lib/page-cache.server.ts).
    PAGE_CACHE: boolean.default('true'),
    // Shared caches (Varnish with xkey) every write purges the pages it touched in: comma-separated URLs (decision 054).
    HTTP_CACHE_PURGE_URLS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .pipe(z.array(url(['http:', 'https:']))),
    // Prometheus metrics (docs/decisions/028): a port of their own, and/or /metrics on PORT behind a bearer token.
    METRICS_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    METRICS_TOKEN: optional(
      z
        .string()
        .min(16, 'must be at least 16 characters')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
    ),
    REFRESH_TZ: timeZone.default('America/New_York'),
    // Multiplies every rate limit (app/lib/rate-limit.server.ts): raise it when many visitors share one address.
    RATE_LIMIT_FACTOR: z.coerce.number().min(0.1).max(10_000).default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AMAZON_CREDENTIAL_ID: optional(z.string().min(1)),
    AMAZON_CREDENTIAL_SECRET: optional(z.string().min(1)),
    AMAZON_CREDENTIAL_VERSION: optional(z.enum(['2.1', '2.2', '2.3', '3.1', '3.2', '3.3'])),
    AMAZON_PARTNER_TAG: optional(z.string().min(1)),
    // Unset: the panel's (Settings → Amazon), else www.amazon.com (docs/decisions/078).
    AMAZON_MARKETPLACE: optional(
      z.string().regex(/^www\.amazon\.[a-z.]{2,10}$/, 'must be a host such as www.amazon.com'),
    ),
    AMAZON_API_URL: url(['http:', 'https:']).default('https://creatorsapi.amazon'),
    AMAZON_TOKEN_URL: optional(url(['http:', 'https:'])),
  })
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' })
    }
    // Half an S3 configuration would silently store media on one server's disk: all of it, or none.
    const s3 = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    const s3Extras = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const
    if ([...s3, ...s3Extras].some((name) => env[name] !== undefined)) {
      for (const name of s3) {
        if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'is required with S3_*' })
      }
    }
    if (env.DATABASE_POOL_MIN !== undefined && env.DATABASE_POOL_MIN > env.DATABASE_POOL_SIZE) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_POOL_MIN'], message: 'must not exceed DATABASE_POOL_SIZE' })
    }
    // One leaked secret must not open both the cookies and the secrets at rest.
    for (const name of ['ENCRYPTION_KEY', 'MFA_ENCRYPTION_KEY'] as const) {
      if (env[name] !== undefined && env[name] === env.SESSION_SECRET) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'must differ from SESSION_SECRET' })
      }
    }
    // Several processes share page-cache invalidation, rate limits and job leases through Redis only.
    if ((env.WEB_CONCURRENCY ?? 1) > 1 && env.NODE_ENV === 'production' && env.DATABASE_URL && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'above 1 needs REDIS_URL' })
    }
  })

export type Env = z.infer<typeof envSchema>

export class EnvError extends Error {
  override name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
  throw new EnvError(`Invalid configuration:\n${problems.join('\n')}`)
}

let cached: Env | undefined

export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/**
 * Only the entry points that sign cookies and links need a secret (the web server, the workers, the digest);
 * a migration or a seed needs only DATABASE_URL. In production against a real database it must be given,
 * or a file named where one is generated once; the embedded mode is a one-machine demo (`npm install &&
 * npm start`) and makes its own in EMBEDDED_DATA_DIR.
 */
export function checkSigningSecret(env: Env): void {
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.SESSION_SECRET && !env.SESSION_SECRET_FILE) {
    throw new EnvError(
      'Invalid configuration:\n  SESSION_SECRET: is required in production (32+ random characters: openssl rand -hex 32), or SESSION_SECRET_FILE: a file to generate one into once',
    )
  }
}

/**
 * The entry points that sign also open the secrets at rest: in production against a real database the key must be
 * given (docs/decisions/078); a weak one is refused by the schema, everywhere.
 */
export function checkEncryptionKey(env: Env): void {
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.ENCRYPTION_KEY && !env.MFA_ENCRYPTION_KEY) {
    throw new EnvError(
      'Invalid configuration:\n  ENCRYPTION_KEY: is required in production (32+ random characters: openssl rand -hex 32)',
    )
  }
}

/** An entry point's configuration, checked before anything starts; a bad value ends the process, naming it. */
export function envOrExit({ signs }: { signs: boolean }): Env {
  try {
    const env = getEnv()
    if (signs) {
      sessionSecret()
      checkEncryptionKey(env)
    }
    return env
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error)
    process.exit(1)
  }
}

let secret: string | undefined

/** SESSION_SECRET, or the one kept in SESSION_SECRET_FILE (embedded: EMBEDDED_DATA_DIR/session-secret). */
export function sessionSecret(): string {
  const env = getEnv()
  if (env.SESSION_SECRET) return env.SESSION_SECRET
  checkSigningSecret(env)
  secret ??= readOrCreateSecret(env.SESSION_SECRET_FILE ?? path.join(env.EMBEDDED_DATA_DIR, 'session-secret'))
  return secret
}

/**
 * The secret in `file`, made the first time: random, readable by its owner only, and created whole in one
 * step (a link), so two processes starting together (compose's app and worker) end up with the same one.
 */
export function readOrCreateSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true })
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  const value = readFileSync(file, 'utf8').trim()
  if (value.length < 32)
    throw new EnvError(`Invalid configuration:\n  SESSION_SECRET_FILE: ${file} must hold 32+ characters`)
  return value
}

let key: string | null | undefined

/**
 * The key that seals secrets at rest (secret-box.server.ts): ENCRYPTION_KEY, else MFA_ENCRYPTION_KEY, else, like
 * the session secret (docs/decisions/012), one generated once into EMBEDDED_DATA_DIR/mfa-key anywhere but a
 * production deployment on a real database, which is refused at start without one (checkEncryptionKey). Null
 * only there, in a process that did not check it: nothing can be sealed or opened.
 */
export function encryptionKey(): string | null {
  if (key !== undefined) return key
  const env = getEnv()
  if (env.ENCRYPTION_KEY ?? env.MFA_ENCRYPTION_KEY) key = env.ENCRYPTION_KEY ?? env.MFA_ENCRYPTION_KEY!
  else if (env.NODE_ENV === 'production' && env.DATABASE_URL) key = null
  else key = readOrCreateSecret(path.join(env.EMBEDDED_DATA_DIR, 'mfa-key'))
  return key
}

/** The site's own host, used as utm_source on outbound links. */
export function siteHost(): string {
  return new URL(getEnv().SITE_URL).host
}
