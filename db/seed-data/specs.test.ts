import { describe, expect, test } from 'vitest'
import { ProductSpecsSchema } from '#app/schemas/product-specs.ts'
import { products } from './products.ts'
import { seedSpecs } from './specs.ts'

describe('the demo catalogue’s specs', () => {
  test('every seeded product has a kind, a material and a pack count, within the admin form’s limits', () => {
    for (const product of products) {
      const specs = seedSpecs[product.asin]
      expect(specs, product.asin).toBeDefined()
      expect(specs?.kind, product.asin).toBeTruthy()
      expect(specs?.material, product.asin).toBeTruthy()
      const parsed = ProductSpecsSchema.safeParse(specs)
      expect(parsed.error?.issues ?? [], product.asin).toEqual([])
    }
  })

  test('the pack count in a title matches the specs', () => {
    for (const product of products) {
      const pack = /\((\d+)(?: pack)?\)$/.exec(product.title)?.[1]
      if (pack) expect(seedSpecs[product.asin]?.pack_count, product.title).toBe(Number(pack))
    }
  })

  test('only boxes and slab storage hold books', () => {
    for (const [asin, specs] of Object.entries(seedSpecs)) {
      if (specs.capacity) expect(['box', 'graded-storage'], asin).toContain(specs.kind)
    }
  })
})
