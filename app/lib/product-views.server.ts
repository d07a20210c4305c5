import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { addProductViews, type ViewCount } from '#app/models/product-view.server.ts'
import { isAsin } from '#app/utils/asin.ts'
import { isoDate } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'
import { routeAddress } from './route-address.server.ts'

/**
 * Product-page views, counted by the server (docs/decisions/046): every GET of `/product/{asin}` (or its single
 * fetch `.data`, a client-side navigation) answered 200 to anyone but a bot, page-cache hits included (this runs
 * in front of the cache). Nothing about the visitor is kept: no cookie, no address, only a count per day and
 * product, in memory, added to `product_views` every `flushMs` by one statement, and at shutdown.
 *
 * The request path does a regex test and, for a product page, one listener: no await, no I/O. A flush that fails
 * keeps its counts for the next; past `maxKeys` days×products waiting, new ones are dropped (and logged), so a
 * long database outage cannot grow memory without limit.
 */

// Remix matches the literal segment in any case; the ASIN itself must be exact (the route 404s otherwise).
const PRODUCT_PAGE = /^\/product\/([^/.]+)(?:\.data)?\/*$/i

export interface ViewCounterOptions {
  flushMs?: number
  maxKeys?: number
}

export function startCountingViews({ flushMs = 10_000, maxKeys = 50_000 }: ViewCounterOptions = {}) {
  const timeZone = getEnv().REFRESH_TZ
  let counts = new Map<string, number>()
  let dropped = 0
  let flushing: Promise<void> | undefined

  function count(asin: string) {
    const key = `${isoDate(new Date(), timeZone)} ${asin}`
    const views = counts.get(key)
    if (views !== undefined) counts.set(key, views + 1)
    else if (counts.size < maxKeys) counts.set(key, 1)
    else dropped++
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method === 'GET') {
      const asin = PRODUCT_PAGE.exec(routeAddress(req)?.pathname ?? '')?.[1]
      if (asin && isAsin(asin) && !isbot(req.get('user-agent'))) {
        res.once('finish', () => {
          if (res.statusCode === 200) count(asin)
        })
      }
    }
    next()
  }

  async function write() {
    if (dropped > 0) {
      logger.warn({ dropped }, 'product views dropped: too many waiting to be saved')
      dropped = 0
    }
    if (counts.size === 0) return
    const batch = counts
    counts = new Map()
    const rows: ViewCount[] = [...batch].map(([key, views]) => {
      const [day, asin] = key.split(' ') as [string, string]
      return { day, asin, views }
    })
    try {
      await addProductViews(db, rows)
    } catch (error) {
      logger.error({ err: error, rows: rows.length }, 'product views not saved; kept for the next flush')
      // Counted meanwhile first, then what failed, as far as the bound allows.
      for (const [key, views] of batch) {
        const now = counts.get(key)
        if (now !== undefined) counts.set(key, now + views)
        else if (counts.size < maxKeys) counts.set(key, views)
        else dropped += views
      }
    }
  }

  /** One flush at a time: a slow database is never asked twice at once for the same counts. */
  function flush(): Promise<void> {
    flushing ??= write().finally(() => (flushing = undefined))
    return flushing
  }

  const timer = setInterval(() => void flush(), flushMs)
  timer.unref()

  return {
    middleware,
    flush,
    /** The last flush, for shutdown: after the server has stopped answering, so every view is counted. */
    async stop() {
      clearInterval(timer)
      await flushing
      await flush()
    },
  }
}
