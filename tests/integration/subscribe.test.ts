import { afterAll, describe, expect, test } from 'vitest'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'

// The signup end to end: the action, the real confirmation mail (BullMQ worker → SMTP), the link, unsubscribe.
const sink = await startSmtpSink()
process.env.SMTP_URL = sink.url

const { action } = await import('#app/routes/_site.subscribe.tsx')
const { loader: confirmLoader } = await import('#app/routes/_site.subscribe_.confirm.tsx')
const unsubscribeRoute = await import('#app/routes/_site.unsubscribe.tsx')
const { getToast } = await import('#app/lib/toast.server.ts')
const { startWorkers } = await import('#jobs/runtime.ts')
const { db } = await import('#db/client.ts')

const context = { cspNonce: '', clientIp: '127.0.0.1' }
const workers = startWorkers()
afterAll(async () => {
  await workers.close()
  await sink.close()
})

function post(body: Record<string, string> | string) {
  return new Request('http://localhost:3000/subscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: typeof body === 'string' ? body : new URLSearchParams(body),
  })
}

async function run(request: Request) {
  const result = await action({ request, params: {}, context })
  if (result instanceof Response) return { status: result.status, response: result, data: null }
  const { data, init } = result as unknown as { data: FormReply; init: ResponseInit }
  return { status: init?.status ?? 200, response: null, data }
}

const rows = () => db.selectFrom('subscribers').select(['email', 'status']).orderBy('id').execute()

async function call(loader: (args: never) => unknown, url: string, method = 'GET') {
  const result = (await loader({ request: new Request(url, { method }), params: {}, context } as never)) as {
    data: Record<string, unknown>
    init?: ResponseInit
  }
  return { status: result.init?.status ?? 200, data: result.data ?? result }
}

describe('subscribe', () => {
  test.each([[''], ['   '], ['no-at-sign'], ['x'.repeat(300) + '@example.com']])(
    'refuses %j with "Please enter a valid email address." and stores nothing',
    async (email) => {
      const result = await run(post({ email }))
      expect(result).toMatchObject({
        status: 400,
        data: { status: 'error', error: { email: ['Please enter a valid email address.'] } },
      })
      expect(await rows()).toEqual([])
    },
  )

  test('refuses a body too large to be a signup', async () => {
    expect((await run(post(`email=${'a'.repeat(10_000)}@x.com`))).status).toBe(413)
  })

  test('a signup redirects back with the success toast, mails a real confirmation link that confirms once', async () => {
    const result = await run(post({ email: '  Reader@Example.com ', redirectTo: '/category/mylar-sleeves' }))
    expect(result.status).toBe(303)
    expect(result.response!.headers.get('Location')).toBe('/category/mylar-sleeves')
    const cookie = result.response!.headers.get('Set-Cookie')!.split(';')[0]!
    const { toast } = await getToast(new Request('http://localhost:3000/', { headers: { cookie } }))
    expect(toast).toEqual({
      type: 'success',
      title: 'Success!',
      description: 'Please check your email to confirm your subscription.',
    })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'pending' }])

    const mail = await sink.waitFor('Reader@Example.com')
    const link = /http:\/\/localhost:3000\/subscribe\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    expect(mail.html).toContain('Confirm my subscription')

    expect(await call(confirmLoader, link!)).toMatchObject({ status: 200, data: { confirmed: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])
    expect(await call(confirmLoader, link!)).toMatchObject({ status: 400, data: { confirmed: false } })

    // Subscribing again: the same answer, no error, nothing revealed, and the confirmed row stays confirmed.
    const again = await run(post({ email: 'reader@example.com' }))
    expect(again.status).toBe(303)
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])

    // The signed unsubscribe link from the mail: GET only asks, POST unsubscribes; a forged one does nothing.
    const leave = /http:\/\/localhost:3000\/unsubscribe\?id=\d+&sig=[\w-]+/.exec(mail.text ?? '')![0]
    expect(await call(unsubscribeRoute.loader, leave)).toMatchObject({ status: 200, data: { valid: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])
    const forged = leave.replace(/sig=[\w-]+/, 'sig=forged')
    expect(await call(unsubscribeRoute.action, forged, 'POST')).toMatchObject({ status: 400 })
    expect(await call(unsubscribeRoute.action, leave, 'POST')).toMatchObject({ data: { done: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'unsubscribed' }])
  })

  test('the redirect never leaves the site', async () => {
    for (const redirectTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/\r\n/evil.example']) {
      const result = await run(post({ email: `r${Math.random()}@example.com`, redirectTo }))
      expect(result.response!.headers.get('Location'), redirectTo).toBe('/')
    }
  })

  test('a redirect a Location header cannot carry as sent is written the way the URL parser writes it', async () => {
    const result = await run(
      post({ email: `r${Math.random()}@example.com`, redirectTo: '/caf\u00e9\r\nSet-Cookie: x=1' }),
    )
    expect(result.response!.headers.get('Location')).toBe('/caf%C3%A9Set-Cookie:%20x=1')
  })

  test('NUL in the address is dropped before it reaches the database', async () => {
    const email = `nul${Math.random().toString(36).slice(2)}@example.com`
    const result = await run(post({ email: email.replace('@', '\u0000@') }))
    expect(result.status).toBe(303)
    expect(await rows()).toContainEqual({ email, status: 'pending' })
  })
})
