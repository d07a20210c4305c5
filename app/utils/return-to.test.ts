import { describe, expect, test } from 'vitest'
import { safeAdminPath, sameSitePath, withImages } from './return-to.ts'

describe('safeAdminPath', () => {
  test.each(['/admin', '/admin/products/12', '/admin/products/12?tab=content'])('keeps %s', (path) => {
    expect(safeAdminPath(path)).toBe(path)
  })

  test.each([
    null,
    '',
    'https://evil.example/admin',
    '//evil.example/admin',
    '/\\evil.example',
    '/admin\\..\\..\\x',
    '/administrator',
    '/admin/../go/B000',
    '/products',
    'javascript:alert(1)',
  ])('refuses %s', (path) => {
    expect(safeAdminPath(path)).toBeNull()
  })
})

describe('sameSitePath', () => {
  test.each(['/', '/category/bags?sort=rating', '/search?q=mylar%20bags'])('keeps %s', (path) => {
    expect(sameSitePath(path)).toBe(path)
  })

  test('writes what a Location header cannot carry as the URL parser does', () => {
    expect(sameSitePath('/\r\nSet-Cookie: x=1')).toBe('/Set-Cookie:%20x=1')
    expect(sameSitePath('/café?q=\u2028é')).toBe('/caf%C3%A9?q=%E2%80%A8%C3%A9')
  })

  test.each([
    null,
    42,
    '',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    '/%2e//evil.example',
    '/%2E%2e//evil.example',
    '/a/..//evil.example',
    '/./\t/evil.example',
  ])('refuses %s', (path) => {
    expect(sameSitePath(path)).toBeNull()
  })
})

describe('sameSitePath over generated paths', () => {
  // Pieces a browser or the URL parser treats specially, put together every way up to three at a time, and
  // longer strings of them drawn by a seeded generator: the same paths on every run.
  const PIECES = [
    '/',
    '//',
    '\\',
    '/\\',
    '.',
    '..',
    '/.',
    '/..',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '%09',
    '%0a',
    '\t',
    '\n',
    '\r',
    ' ',
    '\0',
    'evil.example',
    '@',
    ':',
    '?',
    '#',
    'https:',
    'javascript:',
    'a',
    '%',
    '\u3002',
  ]
  const SITES = ['http://127.0.0.1:3000', 'https://shop.example', 'https://shop.example:8443', 'http://[::1]:8080']

  /** mulberry32: a small seeded generator, so the drawn paths are the same on every run. */
  function seeded(seed: number) {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
  }

  function* paths(): Generator<string> {
    const combinations = (length: number): string[] =>
      length === 0 ? [''] : combinations(length - 1).flatMap((start) => PIECES.map((piece) => start + piece))
    for (let length = 1; length <= 3; length++) yield* combinations(length)
    const random = seeded(49)
    for (let n = 0; n < 20_000; n++) {
      let path = random() < 0.8 ? '/' : ''
      const length = 1 + Math.floor(random() * 8)
      for (let i = 0; i < length; i++) path += PIECES[Math.floor(random() * PIECES.length)]
      yield path
    }
  }

  test('every answer is null, or a single-slash path that every site resolves to itself', () => {
    let checked = 0
    let kept = 0
    const escaped: string[] = []
    for (const path of paths()) {
      checked++
      const answer = sameSitePath(path)
      if (answer === null) continue
      kept++
      const home =
        answer.startsWith('/') &&
        !answer.startsWith('//') &&
        !answer.startsWith('/\\') &&
        !/[\0-\x20\x7f]/.test(answer) &&
        SITES.every((site) => new URL(answer, `${site}/category/bags?x=1`).origin === site)
      if (!home) escaped.push(`${JSON.stringify(path)} → ${JSON.stringify(answer)}`)
    }
    expect(escaped).toEqual([])
    expect(checked).toBeGreaterThan(40_000)
    // Not a helper that refuses everything.
    expect(kept).toBeGreaterThan(1_000)
  })

  test.each(['/category/bags?x=1', '/a/b/../c', '/search?q=a//b', '/%2e%2e/x', '/guides/a%2Fb', '/a:b@c'])(
    'still keeps the good path %s',
    (path) => {
      const answer = sameSitePath(path)
      expect(answer).not.toBeNull()
      expect(new URL(answer!, SITES[1]).pathname).toBe(new URL(path, SITES[1]).pathname)
    },
  )
})

test('withImages appends each URL and replaces earlier ones', () => {
  expect(withImages('/admin/products/3?tab=content&images=old', ['http://a/1.png', 'http://a/2.webp'])).toBe(
    '/admin/products/3?tab=content&images=http%3A%2F%2Fa%2F1.png&images=http%3A%2F%2Fa%2F2.webp',
  )
})
