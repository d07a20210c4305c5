import http from 'node:http'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'

// A form body over its limit is refused with 413 and the form's page, and the kept-alive connection it came
// on still carries the next request: the server reads the rest of the body instead of resetting the socket.

const site = useBuiltServer(await createSeededDatabase(inject('templateDatabase')), (env) => ({
  ...env,
  RATE_LIMIT_FACTOR: '1000',
}))
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
afterAll(() => agent.destroy()) // before the server stops (after-hooks run last-in, first-out)

interface Answer {
  status: number
  body: string
  reusedSocket: boolean
  connection: string | undefined
}

/** A no-JS review post on the shared keep-alive agent; `chunked` sends it without a Content-Length. */
function postReview(comment: string, { chunked = false } = {}): Promise<Answer> {
  const body = new URLSearchParams({ reviewer_name: 'Big Poster', rating: '5', comment }).toString()
  return new Promise((resolve, reject) => {
    const request = http.request(`${site.url}/product/${site.asin}`, {
      method: 'POST',
      agent,
      headers: {
        Origin: site.url,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(chunked ? {} : { 'Content-Length': Buffer.byteLength(body) }),
      },
    })
    request.on('error', reject)
    request.on('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          body: text,
          reusedSocket: request.reusedSocket,
          connection: response.headers.connection,
        }),
      )
    })
    // In pieces, as a browser on a real network sends it.
    for (let offset = 0; offset < body.length; offset += 64 * 1024)
      request.write(body.slice(offset, offset + 64 * 1024))
    request.end()
  })
}

describe('a body over the limit', () => {
  for (const [label, size, chunked] of [
    ['200 kB with Content-Length', 200_000, false],
    ['200 kB chunked', 200_000, true],
    ['1 MB with Content-Length', 1_000_000, false],
    ['1 MB chunked', 1_000_000, true],
  ] as const) {
    test(`${label}: 413 with the form's message, and the connection carries the next request`, async () => {
      const refused = await postReview('x'.repeat(size), { chunked })
      expect(refused.status).toBe(413)
      expect(refused.body).toContain('The form is too large to send.')
      expect(refused.connection).not.toBe('close')

      const next = await postReview('A normal review after a refused one.')
      expect(next.status).toBe(303)
      expect(next.reusedSocket).toBe(true)
    })
  }
})
