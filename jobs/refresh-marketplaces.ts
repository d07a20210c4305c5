import type { Kysely } from 'kysely'
import { logger } from '#app/lib/logger.server.ts'
import { setMarketplaces } from '#app/models/amazon-product.server.ts'
import { DEFAULT_STORE, STORES } from '#app/utils/stores.ts'
import type { Database } from '#db/client.ts'
import { AmazonError, ITEM_NOT_RETURNED, type AmazonClient } from './amazon/client.ts'

// The refresh's second question (docs/decisions/045): which of the other stores the owner is enrolled in sell
// each product, so /go can open the product's own page there. Asked after each committed page, through the same
// client and throttle; a store that fails keeps what was known of it, and never fails the refresh itself.

/** Pages in a row a store may fail for a passing reason (timeouts, 5xx) before the run stops asking it. */
const MAX_FAILED_PAGES_IN_A_ROW = 3

export interface MarketplaceLearner {
  /** Asks every other enrolled store about one page's products; what they answered is written in one transaction. */
  learn(db: Kysely<Database>, page: ReadonlyArray<{ asin: string }>): Promise<void>
  /** For the refresh's outcome message: the stores asked and how it went; "" when there are none. */
  summary(): string
}

export function marketplaceLearner(
  client: AmazonClient,
  stores: ReadonlyMap<string, string | null>,
): MarketplaceLearner {
  const others = STORES.flatMap((store) => {
    const partnerTag = stores.get(store.code)
    return store.code !== DEFAULT_STORE && partnerTag
      ? [{ ...store, partnerTag, failedPages: 0, failedInARow: 0, stopped: null as string | null }]
      : []
  })

  return {
    async learn(db, page) {
      const asins = page.map((product) => product.asin)
      const answers: Array<{ code: string; sold: string[]; notSold: string[] }> = []
      for (const store of others) {
        if (store.stopped) continue
        try {
          const result = await client.getItems(asins, { marketplace: store.host, partnerTag: store.partnerTag })
          store.failedInARow = 0
          answers.push({
            code: store.code,
            sold: result.items.map((item) => item.asin),
            // Only Amazon's own verdict removes a store: an ASIN it left out without a word proves nothing.
            notSold: result.errors.filter((error) => error.code !== ITEM_NOT_RETURNED).map((error) => error.asin),
          })
        } catch (error) {
          if (!(error instanceof AmazonError)) throw error
          logger.warn({ err: error, store: store.code }, 'marketplace check failed; what was known is kept')
          store.failedPages++
          if (error.fatal || ++store.failedInARow >= MAX_FAILED_PAGES_IN_A_ROW) store.stopped = error.message
        }
      }
      if (answers.length === 0) return
      await db.transaction().execute(async (trx) => {
        for (const answer of answers) await setMarketplaces(trx, answer.code, answer.sold, answer.notSold)
      })
    },

    summary() {
      const checked = others.filter((store) => store.failedPages === 0).map((store) => store.name)
      const failed = others
        .filter((store) => store.failedPages > 0)
        .map((store) => {
          const pages = `${store.failedPages} page${store.failedPages === 1 ? '' : 's'}`
          const kept = `${store.name}: ${pages} not checked, what was known there is kept`
          return store.stopped ? `${kept}; stopped asking: ${store.stopped}` : `${kept}.`
        })
      return [checked.length ? `Stores checked: ${checked.join(', ')}.` : '', ...failed].filter(Boolean).join(' ')
    },
  }
}
