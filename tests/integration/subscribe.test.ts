import { describe, expect, test } from 'vitest'
import { startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, callLoader, outcomeOf, replyOf, type FormFields } from '#tests/support/remix.ts'

// The signup end to end: the action, the real confirmation mail (BullMQ worker → SMTP), the link, unsubscribe.
const sink = await startMailDelivery()

const { action } = await import('#app/routes/_site.subscribe.tsx')
const { loader: confirmLoader } = await import('#app/routes/_site.subscribe_.confirm.tsx')
const unsubscribeRoute = await import('#app/routes/_site.unsubscribe.tsx')
const { db } = await import('#db/client.ts')

const subscribe = async (fields: FormFields) => outcomeOf(await callAction(action, '/subscribe', fields))
const load = async (loader: typeof confirmLoader | typeof unsubscribeRoute.loader, url: string) =>
  replyOf(await callLoader(loader, url))
/** The one-click unsubscribe a mail provider sends: a POST of the link, nothing else. */
const unsubscribe = async (url: string) => replyOf(await callAction(unsubscribeRoute.action, url, ''))

const rows = () => db.selectFrom('subscribers').select(['email', 'status']).orderBy('id').execute()

describe('subscribe', () => {
  test.each([[''], ['   '], ['no-at-sign'], ['x'.repeat(300) + '@example.com']])(
    'refuses %j with "Please enter a valid email address." and stores nothing',
    async (email) => {
      const result = await subscribe({ email })
      expect(result).toMatchObject({
        status: 400,
        data: { status: 'error', error: { email: ['Please enter a valid email address.'] } },
      })
      expect(await rows()).toEqual([])
    },
  )

  test('refuses a body too large to be a signup', async () => {
    expect((await subscribe(`email=${'a'.repeat(10_000)}@x.com`)).status).toBe(413)
  })

  test('a signup redirects back with the success toast, mails a real confirmation link that confirms once', async () => {
    const result = await subscribe({ email: '  Reader@Example.com ', redirectTo: '/category/mylar-sleeves' })
    expect(result.status).toBe(303)
    expect(result.location).toBe('/category/mylar-sleeves')
    expect(result.toast).toEqual({
      type: 'success',
      title: 'Success!',
      description: 'Please check your email to confirm your subscription.',
    })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'pending' }])

    const mail = await sink.waitFor('Reader@Example.com')
    const link = /http:\/\/localhost:3000\/subscribe\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')?.[0]
    expect(link).toBeDefined()
    expect(mail.html).toContain('Confirm my subscription')

    expect(await load(confirmLoader, link!)).toMatchObject({ status: 200, data: { confirmed: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])
    expect(await load(confirmLoader, link!)).toMatchObject({ status: 400, data: { confirmed: false } })

    // Subscribing again: the same answer, no error, nothing revealed, and the confirmed row stays confirmed.
    const again = await subscribe({ email: 'reader@example.com' })
    expect(again.status).toBe(303)
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])

    // The signed unsubscribe link from the mail: GET only asks, POST unsubscribes; a forged one does nothing.
    const leave = /http:\/\/localhost:3000\/unsubscribe\?id=\d+&sig=[\w-]+/.exec(mail.text ?? '')![0]
    expect(await load(unsubscribeRoute.loader, leave)).toMatchObject({ status: 200, data: { valid: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'confirmed' }])
    const forged = leave.replace(/sig=[\w-]+/, 'sig=forged')
    expect(await unsubscribe(forged)).toMatchObject({ status: 400 })
    expect(await unsubscribe(leave)).toMatchObject({ data: { done: true } })
    expect(await rows()).toEqual([{ email: 'Reader@Example.com', status: 'unsubscribed' }])
  })

  test('the same signup sent twice at once (Enter pressed twice without JavaScript) mails one link, which works', async () => {
    const answers = await Promise.all([
      subscribe({ email: 'twice@example.com' }),
      subscribe({ email: 'twice@example.com' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    const mail = await sink.waitFor('twice@example.com')
    const link = /http:\/\/localhost:3000\/subscribe\/confirm\?token=[\w%-]+/.exec(mail.text ?? '')?.[0]
    expect(await load(confirmLoader, link!)).toMatchObject({ status: 200, data: { confirmed: true } })
    const toTwice = sink.messages.filter((m) => [m.to].flat().some((a) => a?.text.includes('twice@example.com')))
    expect(toTwice).toHaveLength(1)
  })

  test('the redirect never leaves the site', async () => {
    for (const redirectTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/\r\n/evil.example']) {
      const result = await subscribe({ email: `r${Math.random()}@example.com`, redirectTo })
      expect(result.location, redirectTo).toBe('/')
    }
  })

  test('a redirect a Location header cannot carry as sent is written the way the URL parser writes it', async () => {
    const result = await subscribe({
      email: `r${Math.random()}@example.com`,
      redirectTo: '/caf\u00e9\r\nSet-Cookie: x=1',
    })
    expect(result.location).toBe('/caf%C3%A9Set-Cookie:%20x=1')
  })

  test('NUL in the address is dropped before it reaches the database', async () => {
    const email = `nul${Math.random().toString(36).slice(2)}@example.com`
    const result = await subscribe({ email: email.replace('@', '\u0000@') })
    expect(result.status).toBe(303)
    expect(await rows()).toContainEqual({ email, status: 'pending' })
  })
})
