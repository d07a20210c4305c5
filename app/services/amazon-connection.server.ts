import { listProductsAfter } from '#app/models/amazon-product.server.ts'
import { db } from '#db/client.ts'
import { AmazonClient, AmazonError, configuredAmazonClient } from '#jobs/amazon/client.ts'

// "Test the connection" (docs/decisions/078): one GetItems call for one catalogue ASIN with the settings in
// effect, answered in Amazon's own words. One attempt, no retries: the owner asked what Amazon says now. The
// client records the API's state as the call ends, as for every other call.

export interface ConnectionTest {
  ok: boolean
  message: string
}

export async function testAmazonConnection(): Promise<ConnectionTest> {
  const [product] = await listProductsAfter(db, 0, 1)
  if (!product) return { ok: false, message: 'The catalogue has no product to ask Amazon about yet.' }
  const client = await configuredAmazonClient({ maxAttempts: 1, timeoutMs: 10_000 })
  if (!(client instanceof AmazonClient)) return { ok: false, message: client.missing }
  try {
    const { items, errors } = await client.getBatch([product.asin])
    const item = items[0]
    if (item) return { ok: true, message: `Amazon answered OK: ${item.asin} is “${item.title ?? 'untitled'}”.` }
    return { ok: true, message: `Amazon answered OK, without ${product.asin}: ${errors[0]?.message ?? ''}` }
  } catch (error) {
    if (error instanceof AmazonError) return { ok: false, message: error.message }
    throw error
  }
}
