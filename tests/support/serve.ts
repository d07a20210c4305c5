import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll } from 'vitest'

/** Serves a stand-in app on a free loopback port until the file's tests are done; its base URL. */
export async function serveForTests(app: { listen(port: number, host: string): Server }): Promise<string> {
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  afterAll(() => new Promise<void>((done) => server.close(() => done())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
