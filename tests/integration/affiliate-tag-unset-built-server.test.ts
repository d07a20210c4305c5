import { describe, expect, inject, test } from 'vitest'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { adminCookie, createSeededDatabase } from '#tests/support/built-server.ts'
import { onServer } from '#tests/support/postgres.ts'

// No Associates tag is anyone's default (docs/decisions/076): a site started without one serves, sends clicks to
// Amazon with no tag at all, and says so on every panel page, linking to the Amazon section of the settings, where
// an admin sets one (decision 078). Beside it, the same build with a tag from the environment, where the panel is
// quiet and the section shows the tag as the environment's.

const untagged = useBuiltServer(await createSeededDatabase(inject('templateDatabase')), (base) => ({
  ...base,
  AFFILIATE_TAG: '',
  AFFILIATE_TAGS: '',
}))
const tagged = useBuiltServer(await createSeededDatabase(inject('templateDatabase')))

const BANNER = /<a [^>]*href="\/admin\/settings#amazon"[^>]*>No Associates tag is set: clicks earn nothing<\/a>/
const banners = (body: string) => [...body.matchAll(new RegExp(BANNER, 'g'))].length
/** Pages inside the panel's shell, its error page among them. */
const PANEL_PAGES = [
  '/admin',
  '/admin/products',
  '/admin/categories',
  '/admin/guides',
  '/admin/media',
  '/admin/settings',
  '/admin/no-such-page',
]

async function panelPage(site: typeof untagged, path: string) {
  const response = await fetch(site.url + path, { headers: { Cookie: await adminCookie(site.env) } })
  return { status: response.status, body: await response.text() }
}

/** The Amazon section of /admin/settings, from its heading to the end of its card. */
function associatesSection(body: string): string {
  const start = body.indexOf('<h2 id="amazon"')
  expect(start, 'the Amazon heading').toBeGreaterThan(-1)
  return body.slice(start, body.indexOf('</section>', start))
}

function ids(body: string): string[] {
  return [...body.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!)
}

describe('without an Associates tag', () => {
  test('the site boots and serves its pages', async () => {
    expect((await fetch(untagged.url)).status).toBe(200)
    expect((await fetch(`${untagged.url}/product/${untagged.asin}`)).status).toBe(200)
  })

  test('/go sends the visitor to Amazon with no tag: not ours, not the one a stored URL carried', async () => {
    await onServer(
      (client) =>
        client.query(
          "UPDATE products SET affiliate_url = 'https://www.amazon.com/dp/' || asin || '?tag=someone-20&th=1'",
        ),
      untagged.env.DATABASE_URL,
    )
    const response = await fetch(`${untagged.url}/go/${untagged.asin}`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!)
    expect(location.origin + location.pathname).toBe(`https://www.amazon.com/dp/${untagged.asin}`)
    expect(location.searchParams.has('tag')).toBe(false)
    expect(location.searchParams.get('th')).toBe('1')
    expect(location.searchParams.get('utm_medium')).toBe('affiliate')
  })

  test.each(PANEL_PAGES)('%s says so, once, linking to the setting', async (path) => {
    const { status, body } = await panelPage(untagged, path)
    expect(status).toBe(path === '/admin/no-such-page' ? 404 : 200)
    expect(banners(body)).toBe(1)
  })

  test('the settings offer each enrolled store’s tag, empty, under a heading the banner links to', async () => {
    const { body } = await panelPage(untagged, '/admin/settings')
    const section = associatesSection(body)
    expect(section).toContain('Associates tags')
    expect(section).toMatch(/<th scope="row"[^>]*>Amazon\.com<\/th><td[^>]*><form[^>]*>/)
    expect(section).toMatch(/<input [^>]*name="tag"[^>]*placeholder="Not set"/)
    expect(section).not.toMatch(/<input [^>]*name="tag"[^>]*value="[^"]+"/)
    const all = ids(body)
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([])
  })
})

describe('with an Associates tag', () => {
  test('no panel page shows the banner', async () => {
    for (const path of PANEL_PAGES) expect(banners((await panelPage(tagged, path)).body), path).toBe(0)
  })

  test('the settings show the tag, set by the environment', async () => {
    const section = associatesSection((await panelPage(tagged, '/admin/settings')).body)
    expect(section).toMatch(
      /<th scope="row"[^>]*>Amazon\.com<\/th><td[^>]*><code[^>]*>comicvault-20<\/code> \(set by the environment\)<\/td>/,
    )
  })

  test('/go carries it', async () => {
    const response = await fetch(`${tagged.url}/go/${tagged.asin}`, { redirect: 'manual' })
    expect(new URL(response.headers.get('Location')!).searchParams.getAll('tag')).toEqual(['comicvault-20'])
  })
})
