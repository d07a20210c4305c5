import { invariantResponse } from '@epic-web/invariant'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { isbot } from 'isbot'
import { getEnv, siteHost } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { placementOf, placementTag } from '#app/lib/placement.server.ts'
import { visitorStore } from '#app/lib/stores.server.ts'
import { recordClick } from '#app/models/click.server.ts'
import { getOutboundTarget } from '#app/models/product.server.ts'
import { outboundUrl } from '#app/utils/affiliate.ts'
import { isAsin } from '#app/utils/asin.ts'
import { hashIp } from '#app/utils/ip-hash.server.ts'
import { PLACEMENT_MARKER } from '#app/utils/placements.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { sourcePath } from '#app/utils/source-path.ts'
import { db } from '#db/client.ts'

// /go/{asin}: count the click, then send the visitor to the product in their Amazon store (decision 044): the
// stored, tagged URL in the default store, else its page in that store when the refresh learned it sells it
// (decision 045), or that store's search for it, with that store's own tag. The destination
// only ever comes from the database and the store table, never from the request (no open redirect). In the
// default store, a click from a placement with a tracking ID of its own carries that one (docs/decisions/079): the
// link's marker or the source page only names the placement.

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const asin = params.asin ?? ''
  const product = isAsin(asin) ? await getOutboundTarget(db, asin) : undefined
  invariantResponse(product, 'Product not found.', { status: 404, headers: { 'Cache-Control': 'no-store' } })

  const { store, tag: storeTag, country } = await visitorStore(request)
  const url = requestUrl(request)
  const referrer = request.headers.get('referer')
  const source = sourcePath(referrer, [new URL(getEnv().SITE_URL).origin, url.origin])
  const from = placementOf(url.searchParams.get(PLACEMENT_MARKER), source)
  const tag = await placementTag(db, { store, storeTag, from })
  try {
    const userAgent = request.headers.get('user-agent')
    await recordClick(db, {
      productId: product.id,
      productAsin: product.asin,
      ipHash: hashIp(context.clientIp),
      userAgent,
      referrer,
      store,
      country,
      sourcePath: source,
      isBot: isbot(userAgent),
      tag,
      placement: from?.placement ?? null,
    })
  } catch (error) {
    // Counting is second to sending the visitor on their way.
    logger.error({ err: error, asin }, 'click not recorded')
  }

  return new Response(null, {
    status: 302,
    headers: {
      Location: outboundUrl(product, { tag, store, siteHost: siteHost() }),
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
}
