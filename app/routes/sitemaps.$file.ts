import { invariantResponse } from '@epic-web/invariant'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { getEnv } from '#app/lib/env.server.ts'
import { listVisibleCategories } from '#app/models/category.server.ts'
import { listComparisonSlugs } from '#app/models/comparison.server.ts'
import { listGuidesForSitemap } from '#app/models/document.server.ts'
import { listProductsForSitemap } from '#app/models/product.server.ts'
import { PRODUCTS_PER_SITEMAP, STATIC_PATHS, urlSet, xmlResponse } from '#app/utils/sitemap.server.ts'
import { db } from '#db/client.ts'

// /sitemaps/pages.xml (information pages, categories, comparison tables and guides) and /sitemaps/products-N.xml.
// A guide's lastmod is when its words last changed: the prices it embeds move every night and do not count.

export async function loader({ params }: LoaderFunctionArgs) {
  const site = getEnv().SITE_URL
  if (params.file === 'pages.xml') {
    const [categories, comparisons, guides] = await Promise.all([
      listVisibleCategories(db),
      listComparisonSlugs(db),
      listGuidesForSitemap(db),
    ])
    return xmlResponse(
      urlSet([
        ...STATIC_PATHS.map((path) => ({ loc: `${site}${path}` })),
        ...categories.map((category) => ({ loc: `${site}/category/${category.slug}` })),
        ...comparisons.map((table) => ({ loc: `${site}/compare/${table.slug}`, lastmod: table.updated_at })),
        ...guides.map((guide) => ({ loc: `${site}/guides/${guide.slug}`, lastmod: guide.modified_at })),
      ]),
    )
  }
  const page = Number(/^products-(\d{1,4})\.xml$/.exec(params.file ?? '')?.[1])
  invariantResponse(page, 'Not Found', { status: 404 })
  const products = await listProductsForSitemap(db, page, PRODUCTS_PER_SITEMAP)
  invariantResponse(products.length > 0 || page === 1, 'Not Found', { status: 404 })
  return xmlResponse(
    urlSet(products.map((product) => ({ loc: `${site}/product/${product.asin}`, lastmod: product.updated_at }))),
  )
}
