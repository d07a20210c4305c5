import { databaseUrl } from './postgres.ts'

/**
 * The services the e2e web server runs on (tests/support/e2e-server.ts), for specs that start another
 * process against the same site, such as `npm run digest`: same database, Redis keys and signing secret.
 */
export function e2eServiceEnv(database: string) {
  return {
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `test:${database}`,
    SESSION_SECRET: 'e2e-session-secret-at-least-32-characters',
    // Production on a real database: the start is refused without the key of the secrets at rest (decision 078).
    ENCRYPTION_KEY: 'e2e-encryption-key-at-least-32-characters-0123456789',
  }
}

/** The file in E2E_MAIL_DIR that holds the address of the web server's SMTP sink. */
export const SMTP_URL_FILE = 'smtp-url'
