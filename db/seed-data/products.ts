import { z } from 'zod'
import { categories, type CategorySlug } from './categories.ts'
import catalogue from './products.json' with { type: 'json' }

export interface SeedProduct {
  asin: string
  title: string
  brand: string
  category: CategorySlug
  description: string
  badges: readonly string[]
  keywords: readonly string[]
  price: number
  manual_price?: number
  rating: number
  review_count: number
  is_featured?: boolean
  soft_hidden?: boolean
  image_url: string
  /** Gallery pictures shown after image_url. */
  more_images?: readonly string[]
  /** How long ago the product was added, so that "newest" sorting has something to sort. */
  days_old: number
}

const categorySlugs = categories.map((category) => category.slug) as [CategorySlug, ...CategorySlug[]]

const SeedProductSchema = z
  .object({
    asin: z.string().regex(/^[A-Z0-9]{10}$/),
    title: z.string().min(1),
    brand: z.string().min(1),
    category: z.enum(categorySlugs),
    description: z.string().min(1),
    badges: z.array(z.string()),
    keywords: z.array(z.string()),
    price: z.number().positive(),
    manual_price: z.number().positive().optional(),
    rating: z.number().min(0).max(5),
    review_count: z.number().int().nonnegative(),
    is_featured: z.boolean().optional(),
    soft_hidden: z.boolean().optional(),
    image_url: z.string().startsWith('/images/'),
    more_images: z.array(z.string().startsWith('/images/')).optional(),
    days_old: z.number().int().nonnegative(),
  })
  .strict()

/**
 * The demo catalogue. The products are data, kept in products.json (one object each, as the admin form would save it);
 * this checks each against SeedProduct as it loads, so a typo in a category or a field fails the seed and the tests.
 */
export const products: readonly SeedProduct[] = z.array(SeedProductSchema).parse(catalogue)

export type ProductAsin = SeedProduct['asin']
