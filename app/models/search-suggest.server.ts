import { containsPattern } from '#app/utils/search.ts'
import type { Executor } from '#db/client.ts'
import { visibleProducts } from './product.server.ts'

// PROVISIONAL (issue 51, item 5): a plain ILIKE on visible products' titles and category names, so the header's
// suggestions work while the engine is rewritten. The engine's version (same file, same signature) replaces it on
// merge.

const PRODUCTS = 6
const CATEGORIES = 4

export async function suggestSearch(
  db: Executor,
  q: string,
): Promise<{
  products: { asin: string; title: string; imageUrl: string | null }[]
  categories: { slug: string; name: string }[]
}> {
  const pattern = containsPattern(q.trim())
  const [products, categories] = await Promise.all([
    visibleProducts(db)
      .where('p.title', 'ilike', pattern)
      .select(['p.asin', 'p.title', 'p.image_url as imageUrl'])
      .orderBy('p.id', 'desc')
      .limit(PRODUCTS)
      .execute(),
    db
      .selectFrom('categories')
      .where('is_hidden', '=', false)
      .where('name', 'ilike', pattern)
      .select(['slug', 'name'])
      .orderBy('name')
      .limit(CATEGORIES)
      .execute(),
  ])
  return { products, categories }
}
