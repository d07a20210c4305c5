import http from 'node:http'
import { beforeAll, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { adminCookie, createSeededDatabase } from '#tests/support/built-server.ts'

// A 200 MB report upload on the built server (docs/decisions/080): refused with 413 once it passes 20 MB — at once
// when its length says so, after about 20 MB when it comes chunked — so the server never reads, let alone keeps,
// the rest of it.

const site = useBuiltServer(await createSeededDatabase(inject('templateDatabase')), (env) => ({
  ...env,
  RATE_LIMIT_FACTOR: '1000',
}))
let cookie: string
beforeAll(async () => {
  cookie = await adminCookie(site.env)
})

const MB = 1024 * 1024
const BOUNDARY = 'report-boundary'

/** Posts a 200 MB report, a piece at a time, until the server answers: its status and how much had gone. */
function postHugeReport({ chunked }: { chunked: boolean }): Promise<{ status: number; body: string; sent: number }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="report"; filename="huge.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\nFee-Earnings reports from 2026-11-01 to 2026-11-30\n',
  )
  const piece = Buffer.alloc(256 * 1024, 'B000000001,ours-20,2026-11-03,9.99\n')
  return new Promise((resolve, reject) => {
    let sent = 0
    let answered = false
    const request = http.request(`${site.url}/admin/analytics/import`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        Origin: site.url,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? {} : { 'Content-Length': String(200 * MB) }),
      },
    })
    request.on('error', (error) => (answered ? undefined : reject(error)))
    request.on('response', (response) => {
      answered = true
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => {
        resolve({ status: response.statusCode!, body, sent })
        request.destroy()
      })
    })
    const send = () => {
      while (!answered && sent < 200 * MB) {
        const chunk = sent === 0 ? head : piece
        sent += chunk.length
        if (!request.write(chunk)) return void request.once('drain', send)
      }
    }
    send()
  })
}

test('a 200 MB upload that says its length is refused with 413 before it is read', async () => {
  const answer = await postHugeReport({ chunked: false })
  expect(answer.status).toBe(413)
  expect(answer.body).toContain('The file is larger than 20 MB: download a shorter period.')
  // What the sockets' buffers took before the answer came, not the upload.
  expect(answer.sent).toBeLessThan(8 * MB)
}, 60_000)

test('a 200 MB upload sent chunked is refused with 413 once past 20 MB', async () => {
  const answer = await postHugeReport({ chunked: true })
  expect(answer.status).toBe(413)
  expect(answer.body).toContain('The file is larger than 20 MB: download a shorter period.')
  expect(answer.sent).toBeGreaterThan(20 * MB)
  // Well before the end: what went on while the answer was made and crossed the sockets (more on a busy machine).
  expect(answer.sent).toBeLessThan(100 * MB)
}, 60_000)
