import { dropDatabase } from './postgres.ts'

// WITH (FORCE) in dropDatabase ends the server's connections should it still be stopping.
export default async function teardown() {
  if (process.env.E2E_DATABASE) await dropDatabase(process.env.E2E_DATABASE)
}
