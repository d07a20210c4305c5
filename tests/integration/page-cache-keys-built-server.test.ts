import { describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'

// The page cache keys a page by its query as the route reads it (URLSearchParams), never as Express's `qs` parsed
// it, where `q[]=mylar` was `q=mylar`: an address the route reads one way cannot put its render under the key of
// an address the route reads another way. Each hostile address is asked for twice (a page is kept from its second
// request, docs/decisions/033), then its clean twin must be rendered for itself.

const site = useBuiltServer(await createSeededDatabase(inject('templateDatabase')))

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(site.url + path, { headers })
  return {
    status: response.status,
    cache: response.headers.get('x-page-cache'),
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  }
}

/** The page as rendered for this request alone: a request with a cookie never meets the page cache. */
const rendered = (path: string) => get(path, { cookie: 'probe=1' })

describe('the page cache on the built server', () => {
  test.each([
    ['/search?q%5B%5D=mylar', '/search?q=mylar'],
    ['/search?q[]=mylar', '/search?q=mylar'],
    ['/search?q[x]=mylar', '/search?q=mylar'],
    ['/search?q.x=mylar', '/search?q=mylar'],
    ['/search?q=zzz&q=mylar', '/search?q=mylar'],
    ['/search?q=mylar&page%5B%5D=2', '/search?q=mylar&page=2'],
    ['/search?q=mylar&_data%5B%5D=routes%2F_site.search', '/search?q=mylar&_data=routes%2F_site.search'],
  ])('%s, asked for twice, does not answer %s', async (hostile, clean) => {
    // Another test's clean twin may be kept already: this one's is told apart by a parameter no page reads.
    const unique = `&t=${Math.random().toString(36).slice(2)}`
    for (let ask = 0; ask < 2; ask++) expect((await get(hostile + unique)).status).toBe(200)
    expect((await get(hostile + unique)).cache).toBe('HIT')

    const served = await get(clean + unique)
    expect(served.cache).not.toBe('HIT')
    const fresh = await rendered(clean + unique)
    expect([served.status, served.type]).toEqual([fresh.status, fresh.type])
    expect(served.body).toBe(fresh.body)
  })

  test('what the clean search shows is its own results', async () => {
    await get('/search?q%5B%5D=bags')
    await get('/search?q%5B%5D=bags')
    const clean = await get('/search?q=bags')
    expect(clean.body).toContain('Results for &quot;bags&quot;')
  })
})
