import { rm } from 'node:fs/promises'
import { dropDatabase } from './postgres.ts'

// WITH (FORCE) in dropDatabase ends the server's connections should it still be stopping.
export default async function teardown() {
  if (process.env.E2E_DATABASE) await dropDatabase(process.env.E2E_DATABASE)
  if (process.env.E2E_MAIL_DIR) await rm(process.env.E2E_MAIL_DIR, { recursive: true, force: true })
}
