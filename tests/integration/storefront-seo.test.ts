import { beforeAll, describe, expect, test } from 'vitest'
import { headers as homeHeaders } from '#app/routes/_site._index.tsx'
import { headers as categoryHeaders } from '#app/routes/_site.category.$slug.tsx'
import { headers as productHeaders } from '#app/routes/_site.product.$asin.tsx'
import { headers as reviewsHeaders } from '#app/routes/_site.reviews.$asin.tsx'
import { headers as searchHeaders } from '#app/routes/_site.search.tsx'
import { loader as robotsLoader } from '#app/routes/robots[.]txt.ts'
import { loader as sitemapIndexLoader } from '#app/routes/sitemap[.]xml.ts'
import { loader as sitemapFileLoader } from '#app/routes/sitemaps.$file.ts'
import { createCategory, createProduct, type ProductRow } from '#tests/support/catalogue.ts'
import { headersArgs, loaderArgs, SITE, thrownResponse } from '#tests/support/remix.ts'

// robots.txt, the sitemaps, and the caching headers of the public catalogue pages.

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])

function sitemapFile(file: string) {
  return sitemapFileLoader(loaderArgs(`/sitemaps/${file}`, { file }))
}

const visible: ProductRow[] = []
let hidden: ProductRow

beforeAll(async () => {
  const boards = await createCategory({ slug: 'backing-boards', name: 'Backing Boards' })
  await createCategory({ slug: 'mylar-sleeves', name: 'Mylar Sleeves' })
  await createCategory({ slug: 'retired-stuff', name: 'Retired', is_hidden: true })
  visible.push(await createProduct({ category_id: boards.id }))
  visible.push(await createProduct({ category_id: null }))
  visible.push(await createProduct({ category_id: boards.id, price: null, last_updated: null }))
  hidden = await createProduct({ category_id: boards.id, soft_hidden: true })
})

describe('/robots.txt', () => {
  test('points at the sitemap and keeps crawlers out of admin, /go and search', async () => {
    const response = robotsLoader()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const lines = (await response.text()).split('\n')
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain('Disallow: /go/')
  })
})

describe('/sitemap.xml', () => {
  test('is an index of the pages sitemap and one products sitemap', async () => {
    const response = await sitemapIndexLoader()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /)
    expect(locs(xml)).toEqual([`${SITE}/sitemaps/pages.xml`, `${SITE}/sitemaps/products-1.xml`])
  })
})

describe('/sitemaps/pages.xml', () => {
  test('lists the information pages and the visible categories, as absolute URLs', async () => {
    const response = await sitemapFile('pages.xml')
    expect(response.status).toBe(200)
    const xml = await response.text()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(locs(xml).sort()).toEqual(
      [
        '/',
        '/about',
        '/disclosure',
        '/contact',
        '/compare-sleeves',
        '/starter-kits',
        '/sizes-guide',
        '/fit',
        '/faq',
        '/guides',
        '/category/backing-boards',
        '/category/mylar-sleeves',
      ]
        .map((path) => `${SITE}${path}`)
        .sort(),
    )
  })

  test('a hidden category is not listed', async () => {
    expect(await (await sitemapFile('pages.xml')).text()).not.toContain('retired-stuff')
  })
})

describe('/sitemaps/products-N.xml', () => {
  test('products-1.xml lists every visible product with its last modification, and no hidden one', async () => {
    const response = await sitemapFile('products-1.xml')
    expect(response.status).toBe(200)
    const xml = await response.text()
    expect(locs(xml)).toEqual(visible.map((product) => `${SITE}/product/${product.asin}`))
    expect(xml).not.toContain(hidden.asin)
    for (const product of visible) {
      expect(xml).toContain(
        `<url><loc>${SITE}/product/${product.asin}</loc><lastmod>${product.updated_at.toISOString()}</lastmod></url>`,
      )
    }
  })

  test.each(['products-99.xml', 'products-2.xml', 'products-0.xml', 'products-x.xml', 'nothing.xml', 'pages.txt'])(
    '%s is a 404',
    async (file) => {
      const response = await thrownResponse(() => sitemapFile(file))
      expect(response.status).toBe(404)
    },
  )
})

describe('caching of public pages', () => {
  function directives(value: string | null) {
    return Object.fromEntries(
      (value ?? '').split(',').map((part) => {
        const [name, argument] = part.trim().split('=')
        return [name!.toLowerCase(), argument ?? true]
      }),
    )
  }

  test.each([
    ['home', homeHeaders],
    ['category', categoryHeaders],
    ['product', productHeaders],
    ['reviews', reviewsHeaders],
    ['search', searchHeaders],
  ])(
    '%s: public for CDNs (s-maxage, stale-while-revalidate), revalidated by browsers; no-store on an error',
    (_page, headers) => {
      const ok = directives(new Headers(headers(headersArgs)).get('Cache-Control'))
      expect(ok.public).toBe(true)
      expect(ok).not.toHaveProperty('private')
      expect(ok).not.toHaveProperty('no-store')
      expect(Number(ok['s-maxage'])).toBeGreaterThan(0)
      expect(ok['max-age']).toBe('0')
      expect(Number(ok['stale-while-revalidate'])).toBeGreaterThan(0)

      const failed = new Headers(headers({ ...headersArgs, errorHeaders: new Headers() })).get('Cache-Control')
      expect(failed).toBe('no-store')
    },
  )

  test('robots.txt and sitemaps may be cached publicly', async () => {
    expect(directives(robotsLoader().headers.get('Cache-Control')).public).toBe(true)
    expect(directives((await sitemapIndexLoader()).headers.get('Cache-Control')).public).toBe(true)
    expect(directives((await sitemapFile('pages.xml')).headers.get('Cache-Control')).public).toBe(true)
  })
})
