import express from 'express'
import { beforeAll, describe, expect, test } from 'vitest'
import { serveForTests } from '#tests/support/serve.ts'
import { limitRequests, REQUEST_LIMITS } from './request-limits.server.ts'

const app = express()
app.use(limitRequests())
app.get('*', (_req, res) => res.type('text/plain').end('page'))

let base = ''
beforeAll(async () => {
  base = await serveForTests(app)
})

const status = async (target: string) => (await fetch(base + target)).status

describe('limitRequests', () => {
  test('a query within the limits reaches the page', async () => {
    const longest = `/search?q=${'x'.repeat(REQUEST_LIMITS.queryLength - '?q='.length)}`
    expect(await status(longest)).toBe(200)
    expect(await status(`/search?${'p&'.repeat(REQUEST_LIMITS.fields - 1)}p`)).toBe(200)
    expect(await status(`/search?${'n'.repeat(REQUEST_LIMITS.nameLength)}=1`)).toBe(200)
  })

  test('too long a query is 414; too many parameters, or too long a name, 400', async () => {
    expect(await status(`/search?q=${'x'.repeat(REQUEST_LIMITS.queryLength)}`)).toBe(414)
    expect(await status(`/search?${'p&'.repeat(REQUEST_LIMITS.fields)}p`)).toBe(400)
    expect(await status(`/search?${'n'.repeat(REQUEST_LIMITS.nameLength + 1)}=1`)).toBe(400)
    expect(await status(`/search?a${'[0]'.repeat(1_000)}=1`)).toBe(400)
    expect(await status(`/search?a${'.b'.repeat(1_000)}=1`)).toBe(400)
  })
})
