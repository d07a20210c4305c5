import { expect, test } from 'vitest'
import { freshUntilHeaders, keepPersonalResponsesPrivate, publicCacheControl } from './cache.ts'

const now = Date.parse('2026-11-22T12:00:00Z')

test('pages without prices are held a minute and served stale up to ten more', () => {
  expect(publicCacheControl(null, now)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600')
})

test('nothing is held past the moment a price on the page turns stale', () => {
  expect(publicCacheControl(now + 3_600_000, now)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600')
  expect(publicCacheControl(now + 300_000, now)).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=240')
  expect(publicCacheControl(now + 30_000, now)).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=0')
  expect(publicCacheControl(now - 1, now)).toBe('public, max-age=0, s-maxage=0, stale-while-revalidate=0')
})

test('X-Fresh-Until is the earliest expiry among current prices only', () => {
  const soon = new Date(now + 1000)
  const later = new Date(now + 5000)
  const current = (validUntil: Date) =>
    ({
      current: true,
      amount: 1,
      formatted: '$1.00',
      decimal: '1.00',
      source: 'api',
      asOf: new Date(now),
      validUntil,
    }) as const
  expect(freshUntilHeaders([current(later), { current: false }, current(soon)])).toEqual({
    'X-Fresh-Until': soon.toUTCString(),
  })
  expect(freshUntilHeaders([{ current: false }])).toEqual({})
})

test('a request with a personal cookie gets a private answer, whatever the route said', () => {
  const headers = () => new Headers({ 'Cache-Control': 'public, max-age=0, s-maxage=60' })
  for (const cookie of ['cv_toast=x', 'a=1; cv_reviewer=x', '__Host-cv_session=x', 'cv_session=x']) {
    const answer = headers()
    keepPersonalResponsesPrivate(new Request('http://x/', { headers: { cookie } }), answer)
    expect(answer.get('Cache-Control')).toBe('private, no-store')
  }
  for (const cookie of ['', 'theme=dark', 'not_cv_toast=x']) {
    const answer = headers()
    keepPersonalResponsesPrivate(new Request('http://x/', { headers: { cookie } }), answer)
    expect(answer.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60')
  }
})
