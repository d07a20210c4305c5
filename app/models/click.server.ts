import type { Executor } from '#db/client.ts'

export interface Click {
  productId: number
  productAsin: string
  ipHash: string
  userAgent: string | null
  referrer: string | null
  /** The store code the click was sent to ('US', 'UK'…). */
  store: string
  /** ISO 3166-1 alpha-2, when known (docs/decisions/046). */
  country: string | null
  /** The same-site page it came from (path only), or null: external or unknown. */
  sourcePath: string | null
  isBot: boolean
  /** The tag it was sent with (null: untagged), and the placement it came from, when known (docs/decisions/079). */
  tag: string | null
  placement: string | null
}

/** One insert, nothing read: /go stays one indexed lookup and a redirect. */
export async function recordClick(db: Executor, click: Click): Promise<void> {
  await db
    .insertInto('clicks')
    .values({
      product_id: click.productId,
      product_asin: click.productAsin,
      ip_hash: click.ipHash,
      // Headers are the visitor's to fill: keep them to a sane size.
      user_agent: click.userAgent?.slice(0, 512) ?? null,
      referrer: click.referrer?.slice(0, 2048) ?? null,
      store: click.store,
      country: click.country,
      source_path: click.sourcePath,
      is_bot: click.isBot,
      tag: click.tag,
      placement: click.placement,
    })
    .execute()
}
