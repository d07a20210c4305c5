import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Database } from '#db/client.ts'
import { migrateToLatest } from '#db/migrator.ts'
import { seedDatabase } from '#db/seed-data/index.ts'
import { startAmazonStandIn } from './amazon-stand-in.ts'
import { e2eServiceEnv, SMTP_URL_FILE } from './e2e-env.ts'
import { createDatabase, databaseUrl, dropDatabase } from './postgres.ts'
import { startSmtpSink } from './smtp-sink.ts'

// Playwright's web server: a fresh, migrated and seeded database, a real SMTP server whose messages the
// tests read from E2E_MAIL_DIR, then the production server on both.
const name = process.env.E2E_DATABASE
const mailDirectory = process.env.E2E_MAIL_DIR
if (!name || !mailDirectory) throw new Error('E2E_DATABASE or E2E_MAIL_DIR is not set (playwright.config.ts sets them)')
const smtp = await startSmtpSink({ directory: mailDirectory })
writeFileSync(join(mailDirectory, SMTP_URL_FILE), smtp.url)

// Amazon is the stand-in (tests/support/amazon-stand-in.ts): it knows every ASIN starting with B0.
const amazon = await startAmazonStandIn()

await dropDatabase(name)
await createDatabase(name)
const setupDb = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(name), max: 1 }) }),
})
await migrateToLatest(setupDb)
await seedDatabase(setupDb)
// Two local stores, so the footer's store chooser is on every page (decision 044); their tags kept where the panel
// keeps them, not in the environment, which would win over it (tests/e2e/site-wide/associates-tag.spec.ts edits them).
await setupDb
  .insertInto('amazon_store_tags')
  .values([
    { store: 'US', tag: 'comicvault-20' },
    { store: 'UK', tag: 'comicvault-21' },
  ])
  .execute()
await setupDb.destroy()

Object.assign(process.env, {
  NODE_ENV: 'production',
  ...e2eServiceEnv(name),
  SMTP_URL: smtp.url,
  ...amazon.env,
  // No recurring jobs: a nightly refresh at 03:15 in REFRESH_TZ would rewrite the seeded prices under the run.
  RUN_SCHEDULES: 'false',
  // Every e2e request comes from 127.0.0.1; the limits themselves are tested in tests/integration.
  RATE_LIMIT_FACTOR: '100',
  // The stores' tags are the database's (above), whatever the shell running the tests has set.
  AFFILIATE_TAG: '',
  AFFILIATE_TAGS: '',
  // Uploaded media go beside the mail, and are removed with it (e2e-teardown.ts).
  UPLOAD_DIR: join(mailDirectory, 'uploads'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
})

// Playwright stops the server with SIGTERM (server.ts shuts down gracefully); e2e-teardown.ts drops the database.
await import('../../server.ts')
