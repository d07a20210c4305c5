import type { Executor } from '#db/client.ts'

export interface Click {
  productAsin: string
  ipHash: string
  userAgent: string | null
  referrer: string | null
}

export async function recordClick(db: Executor, click: Click): Promise<void> {
  await db
    .insertInto('clicks')
    .values({
      product_asin: click.productAsin,
      ip_hash: click.ipHash,
      // Headers are the visitor's to fill: keep them to a sane size.
      user_agent: click.userAgent?.slice(0, 512) ?? null,
      referrer: click.referrer?.slice(0, 2048) ?? null,
    })
    .execute()
}
