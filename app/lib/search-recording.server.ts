import type { NextFunction, Request, Response } from 'express'
import { isbot } from 'isbot'
import { recordOpen, recordSearch } from '#app/models/search-queries.server.ts'
import { db } from '#db/client.ts'
import { logger } from './logger.server.ts'
import { checkRateLimits } from './rate-limit.server.ts'
import { routeAddress } from './route-address.server.ts'

/**
 * What people look for (issue 51, docs/decisions/085): every search answered, recorded in front of the page cache
 * so its hits count too (as product views are, decision 046). The search page says how many products it found in
 * a header (`SEARCH_RESULTS_HEADER`), which the page cache keeps and replays with the page. A visitor's first
 * page of a search counts (a later page is the same search); bots do not. Recording is per visitor limited
 * ('search-record:ip'): past it the page still answers, the count is skipped. Nothing about the visitor is kept.
 */

export const SEARCH_RESULTS_HEADER = 'X-Search-Results'

// Remix matches the literal segment in any case; `.data` is the single fetch of a client-side navigation.
const SEARCH_PAGE = /^\/search(?:\.data)?\/*$/i

export function recordSearches() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET') {
      const address = routeAddress(req)
      const query = address && SEARCH_PAGE.test(address.pathname) ? address.searchParams.get('q') : null
      const page = address?.searchParams.get('page')
      if (query?.trim() && (!page || page === '1') && !isbot(req.get('user-agent'))) {
        res.once('finish', () => {
          const results = Number(res.getHeader(SEARCH_RESULTS_HEADER))
          if (res.statusCode === 200 && Number.isInteger(results))
            void whenAllowed(req.ip, () => recordSearch(db, { query, results }))
        })
      }
    }
    next()
  }
}

/** A result opened from a search of `query` (the search page's result links, app/routes/search.open.ts). */
export async function recordSearchOpen(visitor: string, query: string): Promise<void> {
  await whenAllowed(visitor, () => recordOpen(db, query))
}

/** Runs `record` unless the visitor is past the limit; a failure is logged, never the visitor's problem. */
async function whenAllowed(visitor: string | undefined, record: () => Promise<void>): Promise<void> {
  try {
    if (await checkRateLimits([['search-record:ip', visitor ?? '']])) return
    await record()
  } catch (error) {
    logger.warn({ err: error }, 'search not recorded')
  }
}
