import { describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import { FORM_TOO_LARGE, type FormReply } from '#app/lib/form-reply.server.ts'
import { action, loader } from '#app/routes/_site.product.$asin.tsx'
import { db } from '#db/client.ts'
import { createProduct } from '#tests/support/catalogue.ts'
import { callAction, callLoader, redirectOf, replyOf } from '#tests/support/remix.ts'

const visible = await createProduct({ title: 'Review Target' })
const hidden = await createProduct({ title: 'Hidden Target', soft_hidden: true })

const post = (asin: string, fields: Record<string, string>, clientIp = '127.0.0.1') =>
  callAction(action, `/product/${asin}`, { intent: 'review', ...fields }, { clientIp, params: { asin } })

/** The status and each field's (or, under '', the form's) first message. */
async function refused(asin: string, fields: Record<string, string>) {
  const { status, data } = replyOf<FormReply>(await post(asin, fields))
  const errors = Object.entries(data.error ?? {}).map(([field, messages]) => [field, messages?.[0]])
  return { status, errors: Object.fromEntries(errors) }
}

const PENDING_APPROVAL = {
  type: 'success',
  title: 'Review submitted successfully',
  description: 'Your review is pending approval.',
}

const stored = () =>
  db
    .selectFrom('reviews')
    .select(['reviewer_name', 'rating', 'comment', 'status'])
    .where('product_id', '=', visible.id)
    .orderBy('id')
    .execute()

describe('review dialog', () => {
  test.each([
    [{ rating: '5' }, { reviewer_name: 'Name is required' }],
    [{ reviewer_name: '   ', rating: '5' }, { reviewer_name: 'Name is required' }],
    [{ reviewer_name: 'x'.repeat(101), rating: '5' }, { reviewer_name: 'Name must be less than 100 characters' }],
    [{ reviewer_name: 'Ann' }, { rating: 'Please select a rating' }],
    [{ reviewer_name: 'Ann', rating: '0' }, { rating: 'Please select a rating' }],
    [{ reviewer_name: 'Ann', rating: '6' }, { rating: 'Please select a rating' }],
    [{ reviewer_name: 'Ann', rating: 'abc' }, { rating: 'Please select a rating' }],
    [
      { reviewer_name: 'Ann', rating: '5', comment: 'x'.repeat(1001) },
      { comment: 'Comment must be less than 1000 characters' },
    ],
  ])('refuses %j with the spec message and stores nothing', async (fields, errors) => {
    expect(await refused(visible.asin, fields)).toEqual({ status: 400, errors })
    expect(await stored()).toEqual([])
  })

  test('a 5 MB comment is refused without being read whole', async () => {
    const result = await refused(visible.asin, {
      reviewer_name: 'Ann',
      rating: '5',
      comment: 'x'.repeat(5 * 1024 * 1024),
    })
    expect(result).toEqual({ status: 413, errors: { '': FORM_TOO_LARGE } })
    expect(await stored()).toEqual([])
  })

  test('an unknown or hidden product is a 404', async () => {
    for (const asin of ['B000000000', hidden.asin, 'nonsense']) {
      await expect(post(asin, { reviewer_name: 'Ann', rating: '5' })).rejects.toMatchObject({ status: 404 })
    }
  })

  test('a valid review is stored PENDING, trimmed, and the visitor is sent back with the toast', async () => {
    const posted = await post(visible.asin, { reviewer_name: '  <b>Ann</b>  ', rating: '4', comment: '   ' })
    expect(await redirectOf(posted)).toEqual({
      status: 303,
      location: `/product/${visible.asin}`,
      toast: PENDING_APPROVAL,
    })
    expect(await stored()).toEqual([{ reviewer_name: '<b>Ann</b>', rating: 4, comment: null, status: 'PENDING' }])

    // Pending reviews are not public.
    const page = replyOf<{ reviewStats: { count: number } }>(
      await callLoader(loader, `/product/${visible.asin}`, { params: { asin: visible.asin } }),
    )
    expect(page.data.reviewStats.count).toBe(0)
  })

  test('200 concurrent reviews are each stored exactly once', async () => {
    await db.deleteFrom('reviews').execute()
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        post(
          visible.asin,
          {
            reviewer_name: `Reader ${index}`,
            rating: String((index % 5) + 1),
            comment: `Review ${index}`,
          },
          `10.0.${index >> 8}.${index & 255}`,
        ),
      ),
    )
    expect(results.every((result) => result instanceof Response && result.status === 303)).toBe(true)
    const rows = await stored()
    expect(rows).toHaveLength(200)
    expect(new Set(rows.map((row) => row.reviewer_name)).size).toBe(200)
  })

  test('the same review sent twice at once (Enter pressed twice without JavaScript) is stored once', async () => {
    await db.deleteFrom('reviews').execute()
    const review = { reviewer_name: 'Twice', rating: '3', comment: 'Sent by a double Enter.' }
    const results = await Promise.all([post(visible.asin, review), post(visible.asin, review)])
    expect(results.map((result) => (result as Response).status)).toEqual([303, 303])
    // Another review by the same name is a review of its own.
    await post(visible.asin, { ...review, comment: 'A second thought.' })
    expect(await stored()).toEqual([
      { reviewer_name: 'Twice', rating: 3, comment: 'Sent by a double Enter.', status: 'PENDING' },
      { reviewer_name: 'Twice', rating: 3, comment: 'A second thought.', status: 'PENDING' },
    ])
  })

  test('a filled honeypot is refused with a 403 and stores nothing', async () => {
    const before = (await stored()).length
    const result = replyOf<FormReply>(
      await post(visible.asin, { reviewer_name: 'Bot', rating: '5', website: 'http://spam.example' }),
    )
    expect(result.status).toBe(403)
    expect(firstErrorOf(result.data)).toEqual(['Your review could not be sent.'])
    expect(await stored()).toHaveLength(before)
  })

  test('more than 10 reviews an hour from one address are refused with a 429', async () => {
    const ip = '192.0.2.77'
    for (let index = 0; index < 10; index++) {
      const response = (await post(visible.asin, { reviewer_name: `Busy ${index}`, rating: '5' }, ip)) as Response
      expect(response.status).toBe(303)
    }
    const before = (await stored()).length
    const result = replyOf<FormReply>(await post(visible.asin, { reviewer_name: 'One too many', rating: '5' }, ip))
    expect(result.status).toBe(429)
    expect(result.headers.get('Retry-After')).toMatch(/^\d+$/)
    // The page titles it "Failed to submit review" (SPEC §8); the reply carries the reason.
    expect(firstErrorOf(result.data)).toEqual(['Too many attempts. Please wait a while and try again.'])
    expect(await stored()).toHaveLength(before)
    // Another address is not affected.
    expect(
      ((await post(visible.asin, { reviewer_name: 'Neighbour', rating: '5' }, '192.0.2.78')) as Response).status,
    ).toBe(303)
  })
})
