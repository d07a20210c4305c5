import { parse, valid, type HTMLElement } from 'node-html-parser'
import { describe, expect, inject, test } from 'vitest'
import { parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { useBuiltServer } from '#tests/support/built-server-for-file.ts'
import { createSeededDatabase } from '#tests/support/built-server.ts'
import { HOUR_MS } from '#tests/support/catalogue.ts'
import { onServer } from '#tests/support/postgres.ts'

// The guides as visitors and crawlers get them from the production build (docs/decisions/052): the list, a guide
// with its embeds read now, old addresses, the feed, the sitemap, structured data, hostile text and search. Rows are
// written straight into the database, as the panel would leave them; every request carries a cookie that is nobody's,
// so the page cache (which no direct write can drop) never answers for an earlier state.

const database = await createSeededDatabase(inject('templateDatabase'))
const site = useBuiltServer(database, async (env) => {
  await setUp()
  return env
})

const NOBODYS_COOKIE = { cookie: 'guides-test=1' }
/** After the seeded guides' fixed dates: the list's own guides are the newest. */
const LIST_BASE = Date.parse('2027-01-01T12:00:00Z')
const SEEDED_GOLDEN = 'bag-and-board-a-golden-age-run'

const asins = { stale: 'GSTALE0001', soon: 'GSOON00001', hidden: 'GHIDDEN001' }
/** How long the "soon" product's price has left before it turns 24 hours old. */
const SOON_SECONDS = 40
const HOSTILE_TITLE = 'Zq </script><script>alert("title")</script> & <!-- guide'
const HOSTILE_BODY = `<script>alert("XSSMARK1")</script>

Lead with raw HTML: <span onclick="alert('XSSMARK9')">kept words</span>.

<img src="x" onerror="alert('XSSMARK2')">

<div onclick="alert('XSSMARK3')">Click</div>

A [link](javascript:alert('XSSMARK4')) and another [one](JAVASCRIPT:alert('XSSMARK5')).

::product{asin="<img src=x onerror=alert('XSSMARK6')>"}

::products{asins="B073TEQUFH" onmouseover="alert('XSSMARK7')"}

:buy[<b onmouseover="alert('XSSMARK8')">Buy</b>]{asin="B073TEQUFH"}

## A heading

Text.
`

/** Every embed and piece that gives itself an id, under three headings (the contents, and its id, need three). */
const IDS_BODY = `## Zq first

::compare{asins="B093QQEFK8,B073TEQUFH"}

## Zq second

Table: Zq sizes

| Era | Bag |
| --- | --- |
| Golden | 7.75 |

::sizes-chart

::sizes-chart{variant="all-eras"}

## Zq third

${['mylar', 'polypropylene', 'polyethylene'].map((material) => `::sleeve-table{material="${material}"}`).join('\n\n')}
`

const guideIds: Record<string, number> = {}
let textChangedAt: Date
let datedPublishedAt: Date

interface GuideRow {
  slug: string
  title?: string
  summary?: string
  body?: string
  status?: 'draft' | 'scheduled' | 'published'
  published_at?: Date | null
  publish_at?: Date | null
  text_changed_at?: Date
  noindex?: boolean
  seo_title?: string | null
  cover_media_id?: number | null
}

async function setUp() {
  await onServer(async (client) => {
    const insertGuide = async (row: GuideRow) => {
      const values: Record<string, unknown> = {
        kind: 'guide',
        title: `Zq guide ${row.slug}`,
        summary: `A guide written for the public guides test: ${row.slug}.`,
        body: 'Some words.\n',
        status: 'published',
        published_at: row.status && row.status !== 'published' ? null : new Date(),
        ...row,
      }
      const columns = Object.keys(values)
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO documents (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        Object.values(values),
      )
      guideIds[row.slug] = rows[0]!.id
    }
    const insertProduct = (asin: string, title: string, lastUpdated: Date, hidden = false) =>
      client.query(
        `INSERT INTO products (asin, title, price, rating, review_count, image_url, images, last_updated, soft_hidden)
         VALUES ($1, $2, $3, 4.5, 10, '/images/products/short-box.svg', ARRAY['/images/products/short-box.svg'], $4, $5)`,
        [asin, title, asin === asins.stale ? '12.34' : '45.67', lastUpdated, hidden],
      )

    await insertProduct(asins.stale, 'Zq stale priced sleeves', new Date(Date.now() - 25 * HOUR_MS))
    await insertProduct(asins.soon, 'Zq soon stale boards', new Date())
    await insertProduct(asins.hidden, 'Zq hidden product box', new Date(), true)

    // Thirteen for the list, a minute apart, newest first by number; one draft, one scheduled.
    for (let i = 0; i < 13; i++) {
      await insertGuide({ slug: `zq-list-${i}`, published_at: new Date(LIST_BASE - i * 60_000) })
    }
    await insertGuide({ slug: 'zq-draft', status: 'draft' })
    await insertGuide({ slug: 'zq-scheduled', status: 'scheduled', publish_at: new Date(Date.now() + 24 * HOUR_MS) })

    // Published, then its words changed a day later: that day is its lastmod and dateModified.
    datedPublishedAt = new Date('2026-10-01T10:00:00Z')
    textChangedAt = new Date('2026-10-02T08:30:00Z')
    await insertGuide({
      slug: 'zq-dated',
      published_at: datedPublishedAt,
      text_changed_at: textChangedAt,
      body: `Boards from the catalogue.\n\n::product{asin="B093QQEFK8"}\n`,
    })

    // Moved twice: zq-chain-a became zq-chain-b, then zq-chain-c. Both old slugs lead to the guide.
    await insertGuide({ slug: 'zq-chain-c' })
    for (const old of ['zq-chain-a', 'zq-chain-b']) {
      await client.query("INSERT INTO document_redirects (kind, old_slug, document_id) VALUES ('guide', $1, $2)", [
        old,
        guideIds['zq-chain-c'],
      ])
    }
    // An old slug of a guide that is a draft now leads nowhere.
    await client.query("INSERT INTO document_redirects (kind, old_slug, document_id) VALUES ('guide', $1, $2)", [
      'zq-draft-old',
      guideIds['zq-draft'],
    ])

    const { rows: media } = await client.query<{ id: number }>(
      `INSERT INTO media (url, key, file_name, file_size, mime_type, width, height, alt)
       VALUES ('/uploads/zq-cover.jpg', 'zq-cover.jpg', 'zq-cover.jpg', 1000, 'image/jpeg', 1200, 630, 'Comics in Mylar sleeves')
       RETURNING id`,
    )
    await insertGuide({
      slug: 'zq-covered',
      seo_title: 'Zq SEO title for the covered guide',
      cover_media_id: media[0]!.id,
    })
    await insertGuide({ slug: 'zq-noindex', noindex: true })
    await insertGuide({ slug: 'zq-hostile', title: HOSTILE_TITLE, body: HOSTILE_BODY })
    await insertGuide({
      slug: 'zq-prices',
      body: `Stale: :price{asin="${asins.stale}"}.\n\n::product{asin="${asins.stale}"}\n\nSoon: :price{asin="${asins.soon}"}.\n\n::product{asin="B093QQEFK8"}\n`,
    })
    await insertGuide({ slug: 'zq-ids', body: IDS_BODY })
    await insertGuide({
      slug: 'zq-hidden',
      body: `Before.\n\n::product{asin="${asins.hidden}"}\n\n::products{asins="${asins.hidden},B093QQEFK8"}\n\nAfter: :price{asin="${asins.hidden}"}.\n`,
    })
  }, database.url)
}

async function get(path: string) {
  const response = await fetch(site.url + path, { headers: NOBODYS_COOKIE, redirect: 'manual' })
  const text = await response.text()
  return { response, text, document: parse(text) }
}

function jsonLd(document: HTMLElement) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON-LD, checked field by field
  const byType = new Map<string, any>()
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    const item = JSON.parse(script.textContent)
    byType.set(item['@type'], item)
  }
  return byType
}

const meta = (document: HTMLElement, key: string) =>
  document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content')

const listedSlugs = (document: HTMLElement) =>
  document.querySelectorAll('main li h2 a').map((link) => link.getAttribute('href')!.replace(/^\/guides\//, ''))

describe('/guides', () => {
  test('lists the published guides only, newest first, twelve a page; a page past the last is a 404', async () => {
    const published = await onServer(async (client) => {
      const { rows } = await client.query<{ slug: string }>(
        "SELECT slug FROM documents WHERE kind = 'guide' AND status = 'published' ORDER BY published_at DESC, id DESC",
      )
      return rows.map((row) => row.slug)
    }, database.url)
    expect(published.length).toBeGreaterThan(12)
    expect(published.length).toBeLessThanOrEqual(24)

    const first = await get('/guides')
    expect(first.response.status).toBe(200)
    expect(listedSlugs(first.document)).toEqual(Array.from({ length: 12 }, (_, i) => `zq-list-${i}`))
    expect(first.document.querySelector('h1')?.text).toBe('Guides')
    expect(first.document.querySelector('title')?.text).toBe('Guides | Comic Vault Supplies')
    expect(first.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.url}/guides`)
    expect(first.document.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/guides?page=2')
    expect(
      first.document.querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href'),
    ).toBe('/guides/feed.xml')
    expect(first.response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/)

    const second = await get('/guides?page=2')
    expect(listedSlugs(second.document)).toEqual(published.slice(12, 24))
    expect(listedSlugs(second.document)).toContain(SEEDED_GOLDEN)
    expect(second.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${site.url}/guides?page=2`,
    )
    for (const hidden of ['zq-draft', 'zq-scheduled']) {
      expect(first.text + second.text).not.toContain(hidden)
    }

    expect((await get('/guides?page=3')).response.status).toBe(404)
    expect((await get('/guides?page=abc')).response.status).toBe(200)
  })
})

describe('/guides/{slug}', () => {
  test('a published guide: title, dates, breadcrumbs, the disclosure before its first product', async () => {
    const { response, document } = await get(`/guides/${SEEDED_GOLDEN}`)
    expect(response.status).toBe(200)
    const main = document.querySelector('main')!
    expect(main.querySelector('h1')?.text).toBe('How to bag and board a Golden Age run')
    expect(main.querySelector('header p')?.text).toBe('Published Nov 24, 2026 · Last reviewed Nov 26, 2026')
    expect(
      main.querySelectorAll('nav[aria-label="Breadcrumb"] li').map((li) => li.text.replace(/\s*\/\s*$/, '').trim()),
    ).toEqual(['Home', 'Guides', 'How to bag and board a Golden Age run'])
    expect(main.text).toContain('On this page')
    const html = main.innerHTML
    expect(html.indexOf('As an Amazon Associate I earn from qualifying purchases.')).toBeLessThan(
      html.indexOf('/go/B093QQEFK8'),
    )
    expect(meta(document, 'og:type')).toBe('article')
    expect(meta(document, 'description')).toMatch(/^Sizes, buffered boards/)
  })

  test.each([
    ['a draft', 'zq-draft'],
    ['a scheduled guide', 'zq-scheduled'],
    ['an unknown slug', 'zq-no-such-guide'],
    ['a slug no guide can have', 'Zq_Bad'],
    ['the old slug of a guide that is a draft now', 'zq-draft-old'],
  ])('%s is a 404: "Guide not found."', async (_label, slug) => {
    const { response, document } = await get(`/guides/${slug}`)
    expect(response.status).toBe(404)
    expect(document.querySelector('main h1')?.text).toBe('Guide not found.')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  test('an old slug answers 301 to where the guide is now, in one hop, keeping the query', async () => {
    for (const old of ['zq-chain-a', 'zq-chain-b']) {
      const { response } = await get(`/guides/${old}?compare-1-sort=price`)
      expect(response.status).toBe(301)
      expect(response.headers.get('location')).toBe('/guides/zq-chain-c?compare-1-sort=price')
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=60,/)
    }
    expect((await get('/guides/zq-chain-a')).response.headers.get('location')).toBe('/guides/zq-chain-c')
    expect((await get('/guides/zq-chain-c')).response.status).toBe(200)
  })

  test('meta: the SEO title, the canonical address, Open Graph with the cover, and noindex when asked', async () => {
    const { document } = await get('/guides/zq-covered?utm_source=x')
    expect(document.querySelector('title')?.text).toBe('Zq SEO title for the covered guide')
    const canonical = `${site.url}/guides/zq-covered`
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical)
    expect(meta(document, 'og:url')).toBe(canonical)
    expect(meta(document, 'og:image')).toBe(`${site.url}/uploads/zq-cover.jpg`)
    expect(meta(document, 'robots')).toBeUndefined()
    const cover = document.querySelector('main article img')!
    expect(cover.getAttribute('alt')).toBe('Comics in Mylar sleeves')
    expect(jsonLd(document).get('Article').image).toEqual([`${site.url}/uploads/zq-cover.jpg`])

    const hidden = await get('/guides/zq-noindex')
    expect(meta(hidden.document, 'robots')).toBe('noindex, follow')
  })

  test('JSON-LD: the Article dated by its words and the breadcrumbs, escaped so a title cannot end the script', async () => {
    const dated = jsonLd((await get('/guides/zq-dated')).document)
    expect(dated.get('Article')).toMatchObject({
      '@type': 'Article',
      headline: 'Zq guide zq-dated',
      author: { '@type': 'Organization', name: 'Comic Vault Supplies', url: `${site.url}/` },
      publisher: { '@type': 'Organization', name: 'Comic Vault Supplies' },
      datePublished: datedPublishedAt.toISOString(),
      dateModified: textChangedAt.toISOString(),
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${site.url}/guides/zq-dated` },
    })
    expect(dated.get('Article')).not.toHaveProperty('image')
    expect(dated.get('BreadcrumbList').itemListElement.map((item: { item: string }) => item.item)).toEqual([
      `${site.url}/`,
      `${site.url}/guides`,
      `${site.url}/guides/zq-dated`,
    ])

    const { text, document } = await get('/guides/zq-hostile')
    expect(text).not.toContain('</script><script>alert("title")')
    const items = jsonLd(document)
    expect(items.get('Article').headline).toBe(HOSTILE_TITLE)
    expect(items.get('BreadcrumbList').itemListElement.at(-1).name).toBe(HOSTILE_TITLE)
    expect(document.querySelector('main h1')?.text).toBe(HOSTILE_TITLE)
  })

  test('whatever the text holds, the page carries no script, event handler or javascript: link of it', async () => {
    const { response, text, document } = await get('/guides/zq-hostile')
    expect(response.status).toBe(200)
    expect(text).not.toContain('XSSMARK')
    expect(text.toLowerCase()).not.toContain('javascript:')
    const article = document.querySelector('main article')!
    expect(article.querySelectorAll('script, iframe, object, embed, style')).toHaveLength(0)
    for (const element of article.querySelectorAll('*')) {
      const attributes = Object.keys(element.attributes)
      expect(
        attributes.filter((name) => /^on/i.test(name)),
        element.outerHTML.slice(0, 120),
      ).toEqual([])
    }
    // What was text stays text: the link's words, and the buy link's label without its markup.
    expect(article.text).toContain('Lead with raw HTML: kept words.')
    expect(article.text).toContain('A link and another one.')
    const buy = article.querySelector('a[href="/go/B073TEQUFH?from=guide"]')!
    expect(buy.text).toBe('Buy (opens Amazon in a new tab)')
    expect(buy.querySelectorAll('b')).toHaveLength(0)
  })

  test('a price past 24 hours is never shown; the cache keeps the page no longer than its first price is current', async () => {
    // Set now, not at the start: the server takes a while to start, and so may the tests before this one.
    await onServer(
      (client) =>
        client.query('UPDATE products SET last_updated = $2 WHERE asin = $1', [
          asins.soon,
          new Date(Date.now() - 24 * HOUR_MS + SOON_SECONDS * 1000),
        ]),
      database.url,
    )
    const before = Date.now()
    const { response, document } = await get('/guides/zq-prices')
    const article = document.querySelector('main article')!
    expect(article.text).toContain('See the price on Amazon')
    expect(article.text).not.toContain('12.34')
    expect(article.querySelector(`a[href="/go/${asins.stale}?from=guide"]`)?.text).toBe(
      'See the price on Amazon (opens Amazon in a new tab)',
    )
    expect(article.text).toContain('$45.67')

    const freshUntil = Date.parse(response.headers.get('x-fresh-until') ?? '')
    expect(freshUntil).toBeGreaterThan(before)
    expect(freshUntil).toBeLessThanOrEqual(before + SOON_SECONDS * 1000)
    const cacheControl = response.headers.get('cache-control') ?? ''
    const seconds = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(cacheControl)?.[1])
    expect(cacheControl).toMatch(/^public, max-age=0,/)
    expect(seconds('s-maxage')).toBeLessThanOrEqual(SOON_SECONDS)
    expect(before + (seconds('s-maxage') + seconds('stale-while-revalidate')) * 1000).toBeLessThanOrEqual(
      freshUntil + 1000,
    )
  })

  test('a hidden product draws nothing: no box, no card, no price, no directive text, not even in the page data', async () => {
    const { response, text, document } = await get('/guides/zq-hidden')
    expect(response.status).toBe(200)
    expect(text).not.toContain('Zq hidden product box')
    expect(text).not.toContain(asins.hidden)
    const article = document.querySelector('main article')!
    expect(article.text).not.toContain('::product')
    expect(article.text).not.toContain(':price')
    expect(article.querySelectorAll('a[href="/go/B093QQEFK8?from=guide"]').length).toBeGreaterThan(0)
    expect(article.text).toContain('Before.')
    expect(article.text).toContain('After: .')
  })

  test('no heading takes an id its page already has, whatever its words (docs/decisions/071)', async () => {
    // Every id the pages around a text show, their embeds' with them: read from the pages, so that an id the layout
    // gains one day is checked as well. /contact's intro is a text too (its default has no heading).
    const idsOf = ({ document }: { document: HTMLElement }) => document.querySelectorAll('[id]').map((node) => node.id)
    const contactIds = idsOf(await get('/contact'))
    const ids = [...new Set([...idsOf(await get('/guides/zq-ids')), ...contactIds])]
    expect(ids).toEqual(expect.arrayContaining(['main', 'site-menu', 'page-contents', 'compare-1', 'contact-form']))
    // A heading worded as each: its id would be its words ("## main" is `main`), its section's heading `{id}-heading`.
    const worded = ids.map((id) => `## ${id}`).join('\n\n')
    const { headings } = parseMarkdown(worded)
    expect(headings.flatMap(({ id }) => [id, `${id}-heading`]).filter((id) => contactIds.includes(id))).toEqual([])

    // And as visitors get it: the guide's text with those headings, each element named once.
    await onServer(
      (client) =>
        client.query(
          `INSERT INTO documents (kind, slug, title, summary, body, status, published_at)
           VALUES ('guide', 'zq-ids-worded', 'Zq guide of worded ids', 'A guide whose headings are worded as ids.', $1, 'published', now())`,
          [`${IDS_BODY}\n${worded}\n`],
        ),
      database.url,
    )
    try {
      const guide = await get('/guides/zq-ids-worded')
      expect(guide.response.status).toBe(200)
      expect(guide.document.querySelectorAll('main h2').map((heading) => heading.text)).toEqual(
        expect.arrayContaining(ids),
      )
      const shown = idsOf(guide)
      expect(shown.filter((id, index) => shown.indexOf(id) !== index)).toEqual([])
    } finally {
      await onServer((client) => client.query("DELETE FROM documents WHERE slug = 'zq-ids-worded'"), database.url)
    }
  })
})

describe('/guides/feed.xml', () => {
  test('an Atom feed of the newest indexable guides, each with its words, address and dates', async () => {
    const { response, text } = await get('/guides/feed.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/)
    expect(valid(text), 'every element is closed').toBe(true)
    expect(text, 'every & is an entity').not.toMatch(/&(?!(?:lt|gt|amp|apos|quot);)/)

    const feed = parse(text)
    expect(feed.querySelector('feed > title')?.text).toBe('Comic Vault Supplies Guides')
    expect(feed.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe(`${site.url}/guides/feed.xml`)
    const entries = feed.querySelectorAll('entry')
    expect(entries).toHaveLength(20)
    const links = entries.map((entry) => entry.querySelector('link')!.getAttribute('href'))
    expect(links.slice(0, 3)).toEqual([0, 1, 2].map((i) => `${site.url}/guides/zq-list-${i}`))
    for (const entry of entries) {
      for (const field of ['id', 'title', 'published', 'updated', 'summary']) {
        expect(entry.querySelector(field)?.text, field).toBeTruthy()
      }
      expect(entry.querySelector('id')!.text).toMatch(/^tag:127\.0\.0\.1,2026:guide-\d+$/)
    }
    for (const absent of ['zq-noindex', 'zq-draft', 'zq-scheduled']) expect(text).not.toContain(`/guides/${absent}<`)

    // The hostile title, escaped, reads back as written.
    const hostile = entries.find((entry) => entry.querySelector('link')!.getAttribute('href')!.endsWith('/zq-hostile'))
    expect(hostile?.querySelector('title')?.text).toBe(HOSTILE_TITLE)
  })
})

describe('sitemap', () => {
  test("lists /guides and every indexable guide, lastmod the words' last change, which no price refresh moves", async () => {
    const read = async () => (await get('/sitemaps/pages.xml')).text
    const xml = await read()
    expect(xml).toContain(`<url><loc>${site.url}/guides</loc></url>`)
    expect(xml).toContain(
      `<url><loc>${site.url}/guides/zq-dated</loc><lastmod>${textChangedAt.toISOString()}</lastmod></url>`,
    )
    expect(xml).toContain(`<loc>${site.url}/guides/${SEEDED_GOLDEN}</loc>`)
    for (const absent of ['zq-noindex', 'zq-draft', 'zq-scheduled']) expect(xml).not.toContain(`/guides/${absent}<`)

    // The nightly refresh moves the embedded product's price and times; the guide's lastmod stays.
    await onServer(
      (client) =>
        client.query(
          "UPDATE products SET price = 9.99, last_updated = now(), updated_at = now() WHERE asin = 'B093QQEFK8'",
        ),
      database.url,
    )
    expect(await read()).toContain(
      `<url><loc>${site.url}/guides/zq-dated</loc><lastmod>${textChangedAt.toISOString()}</lastmod></url>`,
    )
  })
})

describe('/search', () => {
  test('matching guides come first, above the products, as a short list; none when no guide matches', async () => {
    const { text, document } = await get('/search?q=mylar')
    const guides = document.querySelector('section[aria-labelledby="guide-results"]')!
    expect(guides.querySelector('h3')?.text).toBe('Guides')
    const links = guides.querySelectorAll('a').map((link) => link.getAttribute('href'))
    expect(links).toContain('/guides/mylar-vs-polypropylene-vs-polyethylene')
    // A result's link counts its open on the way to the product (docs/decisions/085).
    const firstResult = text.indexOf('href="/search/open?')
    expect(firstResult).toBeGreaterThan(-1)
    expect(text.indexOf('/guides/mylar-vs-polypropylene-vs-polyethylene')).toBeLessThan(firstResult)
    // Every word, in the title or the summary.
    expect(
      (await get('/search?q=sleeves%20compared')).document
        .querySelectorAll('section[aria-labelledby="guide-results"] a')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/guides/mylar-vs-polypropylene-vs-polyethylene'])

    const bcw = await get('/search?q=BCW')
    expect(bcw.document.querySelector('section[aria-labelledby="guide-results"]')).toBeNull()
    expect(bcw.text).toContain('href="/search/open?')
  })
})
