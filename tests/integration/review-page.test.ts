import { describe, expect, test, vi } from 'vitest'
import { startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, callLoader, getRequest, redirectOf, replyOf, setCookie } from '#tests/support/remix.ts'

// The reviews page form end to end: the action, the real sign-in mail (BullMQ worker → SMTP), the link, the
// reviewer's session, and the review it posts.
const SITE = 'http://shop.example.test'
const sink = await startMailDelivery({ siteUrl: SITE })

const route = await import('#app/routes/_site.reviews.$asin.tsx')
const { loader: linkLoader } = await import('#app/routes/_site.auth.review-link.tsx')
const { getSessionUser } = await import('#app/lib/session.server.ts')
const { db } = await import('#db/client.ts')
const { createProduct } = await import('#tests/support/catalogue.ts')

const product = await createProduct({ title: 'Mylar Sleeves' })
const hidden = await createProduct({ title: 'Hidden', soft_hidden: true })

let addressCount = 0
/** A new address per call, so each test starts under every rate limit. */
const nextIp = () => `198.51.100.${++addressCount}`

/** A review form post; the Host header is a stranger's, so links must be built on SITE_URL, never on it. */
function postReview(fields: Record<string, string>, { cookie = '', clientIp = nextIp(), asin = product.asin } = {}) {
  return callAction(
    route.action,
    `${SITE}/reviews/${asin}`,
    { intent: 'review', ...fields },
    {
      cookie,
      clientIp,
      params: { asin },
      headers: { Host: 'evil.example' },
    },
  )
}

type Refusal = { status: string; error: Record<string, string[] | null> }

const refusal = (result: unknown) => {
  const { status, data } = replyOf<Refusal>(result)
  return { status, errors: data.error }
}

const loadPage = async (cookie = '', asin = product.asin) =>
  replyOf(await callLoader(route.loader, `${SITE}/reviews/${asin}`, { cookie, params: { asin } }))

const reviews = () =>
  db.selectFrom('reviews').select(['reviewer_name', 'rating', 'comment', 'status', 'user_id']).orderBy('id').execute()
const links = () => db.selectFrom('review_sign_in_links').selectAll().execute()

const valid = { email: 'reader@example.com', nickname: 'Slabber', rating: '4', comment: 'Fits my moderns perfectly.' }

async function signInLinkFor(email: string) {
  const mail = await sink.waitFor(email)
  sink.messages.splice(sink.messages.indexOf(mail), 1)
  const link = mail.text!.match(/https?:\/\/\S+/)![0]
  return { mail, link }
}

const follow = (link: string) => callLoader(linkLoader, link) as Promise<unknown>

/** Requests a link for `email`, follows it, and answers the reviewer's session cookie. */
async function signIn(email: string, fields: Partial<typeof valid> = {}) {
  const response = (await postReview({ ...valid, ...fields, email })) as Response
  expect(response.status).toBe(303)
  const { link } = await signInLinkFor(email)
  const landed = (await follow(link)) as Response
  return setCookie(landed, 'cv_reviewer')!
}

describe('reviews page form, not signed in', () => {
  test.each([
    [{ email: 'not-an-address' }, { email: ['Please enter a valid email address'] }],
    [{ email: '' }, { email: ['Required'] }],
    [{ nickname: 'A' }, { nickname: ['Nickname must be at least 2 characters'] }],
    [{ nickname: 'x'.repeat(51) }, { nickname: ['String must contain at most 50 character(s)'] }],
    [{ nickname: '' }, { nickname: ['Required'] }],
    [{ comment: 'Too short' }, { comment: ['Review must be at least 10 characters'] }],
    [{ comment: 'x'.repeat(1001) }, { comment: ['String must contain at most 1000 character(s)'] }],
    [{ rating: '0' }, { rating: ['Number must be greater than or equal to 1'] }],
    [{ rating: '6' }, { rating: ['Number must be less than or equal to 5'] }],
    [{ rating: 'abc' }, { rating: ['Expected number, received nan'] }],
  ])('refuses %j with its message, and sends and stores nothing', async (fields, errors) => {
    expect(refusal(await postReview({ ...valid, ...fields }))).toEqual({ status: 400, errors })
    expect(await reviews()).toEqual([])
    expect(await links()).toEqual([])
  })

  test('a body of megabytes is refused without being read whole', async () => {
    const result = refusal(await postReview({ ...valid, comment: 'x'.repeat(5 * 1024 * 1024) }))
    expect(result.status).toBe(413)
    expect(await links()).toEqual([])
  })

  test('an unknown, hidden or malformed product is a 404', async () => {
    for (const asin of ['B000000000', hidden.asin, 'nonsense']) {
      await expect(postReview(valid, { asin })).rejects.toMatchObject({ status: 404 })
      await expect(loadPage('', asin)).rejects.toMatchObject({ status: 404 })
    }
  })

  test('a filled honeypot is refused with a 403: no link, no mail', async () => {
    const result = refusal(await postReview({ ...valid, email: 'bot@example.com', website: 'x' }))
    expect(result).toEqual({ status: 403, errors: { '': ['Your review could not be sent.'] } })
    expect(await links()).toEqual([])
  })

  test('the page shows the form, with rating 5 by default, while there are no reviews', async () => {
    const page = await loadPage()
    expect(page.data).toMatchObject({ showForm: true, reviewerEmail: null, draft: null, reviews: [] })
  })

  test('a valid post mails a sign-in link on our own host, keeps the draft, and posts nothing yet', async () => {
    expect(await redirectOf(await postReview({ ...valid, email: 'first@example.com' }))).toEqual({
      status: 303,
      location: `/reviews/${product.asin}`,
      toast: {
        type: 'success',
        title: 'Check your email',
        description: 'We sent you a magic link to sign in and post your review.',
      },
    })
    expect(await reviews()).toEqual([])

    const { mail, link } = await signInLinkFor('first@example.com')
    expect(mail.subject).toContain('sign-in link')
    expect(mail.html).toContain('Sign in and post my review')
    // The Host header said evil.example: the link is built from SITE_URL only.
    expect(new URL(link).origin).toBe(SITE)
    expect(new URL(link).pathname).toBe('/auth/review-link')
    // The token carries no draft: what was typed stays in the database.
    expect(link).not.toContain('Slabber')
    const [row] = await links()
    expect(row).toMatchObject({ email: 'first@example.com', nickname: 'Slabber', rating: 4, used_at: null })
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeGreaterThan(14 * 60_000)
    expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000)
  })
})

describe('the sign-in link', () => {
  test('signs the reviewer in once, back to the reviews page, with the review filled in', async () => {
    await postReview({ ...valid, email: 'once@example.com', comment: 'Kept while I was away.' })
    const { link } = await signInLinkFor('once@example.com')

    const landed = (await follow(link)) as Response
    expect(landed.status).toBe(303)
    expect(landed.headers.get('Location')).toBe(`/reviews/${product.asin}#write-review`)
    const cookie = setCookie(landed, 'cv_reviewer')!
    expect(cookie).toBeDefined()
    expect(landed.headers.getSetCookie().find((c) => c.startsWith('cv_reviewer='))).toMatch(/HttpOnly/i)
    expect(landed.headers.getSetCookie().find((c) => c.startsWith('cv_reviewer='))).toMatch(/SameSite=Lax/i)

    const page = await loadPage(cookie)
    expect(page.data).toMatchObject({
      reviewerEmail: 'once@example.com',
      showForm: true,
      draft: { nickname: 'Slabber', rating: 4, comment: 'Kept while I was away.' },
    })

    // Used: a second visit is refused, and signs nobody in.
    const again = replyOf<{ error: string }>(await follow(link))
    expect(again.status).toBe(400)
    expect(again.data.error).toBe('This sign-in link has already been used or has expired.')
  })

  test('an expired link is refused', async () => {
    await postReview({ ...valid, email: 'late@example.com' })
    const { link } = await signInLinkFor('late@example.com')
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 16 * 60_000)
      const result = replyOf<{ error: string }>(await follow(link))
      expect(result.status).toBe(400)
    } finally {
      vi.useRealTimers()
    }
    // And by the database's clock too, should the token's own check ever pass.
    await db
      .updateTable('review_sign_in_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute()
    const result = replyOf<{ error: string }>(await follow(link))
    expect(result.status).toBe(400)
    expect(await db.selectFrom('sessions').selectAll().where('kind', '=', 'reviewer').execute()).toHaveLength(1)
  })

  test.each([
    ['a forged token', `${SITE}/auth/review-link?token=U2FsdGVkX1%2Bforged`],
    ['no token', `${SITE}/auth/review-link`],
    ['garbage', `${SITE}/auth/review-link?token=%3Cscript%3E`],
  ])('%s is refused with a 400', async (_name, url) => {
    const result = replyOf<{ error: string }>(await follow(url))
    expect(result.status).toBe(400)
    expect(result.data.error).toBe('This sign-in link is not valid. Please request a new one.')
  })
})

describe('reviews page form, signed in', () => {
  test('posts a PENDING review under the nickname, forgets the draft, and hides the form', async () => {
    const cookie = await signIn('poster@example.com', { nickname: 'First Draft' })
    const posted = await postReview(
      { nickname: '  <i>Keeper</i> ', rating: '5', comment: 'Crystal clear and archival.' },
      { cookie },
    )
    expect(await redirectOf(posted)).toEqual({
      status: 303,
      location: `/reviews/${product.asin}`,
      toast: {
        type: 'success',
        title: 'Review submitted!',
        description: 'Your review will appear after moderation. Thank you for your feedback!',
      },
    })
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'poster@example.com')
      .executeTakeFirstOrThrow()
    expect((await reviews()).at(-1)).toEqual({
      reviewer_name: '<i>Keeper</i>',
      rating: 5,
      comment: 'Crystal clear and archival.',
      status: 'PENDING',
      user_id: user.id,
    })
    // Pending is never public; the draft is gone, so the form is hidden again.
    const page = await loadPage(cookie)
    expect(page.data).toMatchObject({ reviews: [], draft: null, reviewerEmail: 'poster@example.com' })
  })

  test('the e-mail comes from the session, not the form; errors are the same messages', async () => {
    const cookie = await signIn('someone@example.com')
    const before = (await reviews()).length
    expect(refusal(await postReview({ nickname: 'A', comment: 'short' }, { cookie }))).toEqual({
      status: 400,
      errors: {
        nickname: ['Nickname must be at least 2 characters'],
        comment: ['Review must be at least 10 characters'],
      },
    })
    expect(await reviews()).toHaveLength(before)
  })

  test('a reviewer session never opens the panel, and signing out ends it', async () => {
    const cookie = await signIn('visitor@example.com')
    const request = (value: string) => getRequest(SITE, { cookie: value })
    expect(await getSessionUser(request(cookie), 'reviewer')).toMatchObject({ email: 'visitor@example.com' })
    // The same signed value under the panel's cookie name is not a panel session.
    expect(await getSessionUser(request(cookie.replace('cv_reviewer=', 'cv_session=')), 'panel')).toBeNull()

    const response = (await callAction(
      route.action,
      `${SITE}/reviews/${product.asin}`,
      { intent: 'sign-out' },
      { cookie, params: { asin: product.asin } },
    )) as Response
    expect(response.status).toBe(303)
    expect(setCookie(response, 'cv_reviewer')).toBe('cv_reviewer=')
    expect(await getSessionUser(request(cookie), 'reviewer')).toBeNull()
  })
})

describe('rate limits', () => {
  test('three sign-in links per address per 15 minutes, whatever the IP; then a 429 and nothing sent', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(((await postReview({ ...valid, email: 'flood@example.com' })) as Response).status).toBe(303)
    }
    const linksBefore = (await links()).length
    const result = replyOf<Refusal>(await postReview({ ...valid, email: 'FLOOD@example.com' }))
    expect(result.status).toBe(429)
    expect(result.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(result.data.error).toEqual({ '': ['Too many attempts. Please wait a while and try again.'] })
    expect(await links()).toHaveLength(linksBefore)
  })

  test('ten sign-in links per IP per hour', async () => {
    const clientIp = '203.0.113.9'
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = (await postReview({ ...valid, email: `ip${attempt}@example.com` }, { clientIp })) as Response
      expect(response.status).toBe(303)
    }
    const result = replyOf<Refusal>(await postReview({ ...valid, email: 'ip-last@example.com' }, { clientIp }))
    expect(result.status).toBe(429)
  })

  test('five reviews per reviewer per hour', async () => {
    const cookie = await signIn('prolific@example.com')
    const review = { nickname: 'Prolific', rating: '3', comment: 'Another considered opinion.' }
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(((await postReview(review, { cookie })) as Response).status).toBe(303)
    }
    const before = (await reviews()).length
    expect(replyOf(await postReview(review, { cookie })).status).toBe(429)
    expect(await reviews()).toHaveLength(before)
  })
})
