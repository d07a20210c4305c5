import { getEnv } from '#app/lib/env.server.ts'
import { countVisibleProducts } from '#app/models/product.server.ts'
import { PRODUCTS_PER_SITEMAP, sitemapIndex, xmlResponse } from '#app/utils/sitemap.server.ts'
import { db } from '#db/client.ts'

export async function loader() {
  const site = getEnv().SITE_URL
  const files = Math.max(1, Math.ceil((await countVisibleProducts(db)) / PRODUCTS_PER_SITEMAP))
  return xmlResponse(
    sitemapIndex([
      `${site}/sitemaps/pages.xml`,
      ...Array.from({ length: files }, (_, index) => `${site}/sitemaps/products-${index + 1}.xml`),
    ]),
  )
}
