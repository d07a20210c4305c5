import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { sendResponsesWhole } from './whole-responses.server.ts'

// Wired as server.ts wires it: held below compression. Each handler writes in pieces, a tick apart, and notes
// when it ends; the client notes when the first byte of the answer arrives.
const events: string[] = []
const pause = () => new Promise((resolve) => setTimeout(resolve, 20))
const page = 'comic bags and boards '.repeat(200)

const app = express()
app.use(sendResponsesWhole({ maxBytes: 64 * 1024 }))
app.use(compression())
app.get('/pieces', async (_req, res) => {
  res.type('html')
  for (const piece of [page.slice(0, 1000), page.slice(1000, 2000)]) {
    res.write(piece)
    await pause()
  }
  events.push('server ended')
  res.end(page.slice(2000))
})
app.get('/download', async (_req, res) => {
  res.type('png')
  res.write(randomBytes(100 * 1024))
  await pause()
  events.push('server ended')
  res.end(Buffer.alloc(10, 2))
})

let server: http.Server
beforeAll(async () => {
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(() => new Promise((resolve) => server.close(resolve)))

function get(path: string) {
  events.length = 0
  const { port } = server.address() as AddressInfo
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, headers: { 'accept-encoding': 'gzip' } }, (response) => {
        events.push('client got the headers')
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

test('a response written in pieces reaches the client only once it ended, whole and compressed', async () => {
  const { headers, body } = await get('/pieces')
  expect(events).toEqual(['server ended', 'client got the headers'])
  expect(headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(body).toString()).toBe(page)
})

test('a body past the limit streams: the client has its first bytes before the server ends', async () => {
  const { body } = await get('/download')
  expect(events).toEqual(['client got the headers', 'server ended'])
  expect(body.length).toBe(100 * 1024 + 10)
})
