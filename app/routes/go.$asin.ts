import { invariantResponse } from '@epic-web/invariant'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { isbot } from 'isbot'
import { getEnv, siteHost } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { visitorStore } from '#app/lib/stores.server.ts'
import { recordClick } from '#app/models/click.server.ts'
import { getOutboundTarget } from '#app/models/product.server.ts'
import { outboundUrl } from '#app/utils/affiliate.ts'
import { isAsin } from '#app/utils/asin.ts'
import { hashIp } from '#app/utils/ip-hash.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { sourcePath } from '#app/utils/source-path.ts'
import { db } from '#db/client.ts'

// /go/{asin}: count the click, then send the visitor to the product in their Amazon store (decision 044): the
// stored, tagged URL in the default store, else its page in that store when the refresh learned it sells it
// (decision 045), or that store's search for it, with that store's own tag. The destination
// only ever comes from the database and the store table, never from the request (no open redirect).

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const asin = params.asin ?? ''
  const product = isAsin(asin) ? await getOutboundTarget(db, asin) : undefined
  invariantResponse(product, 'Product not found.', { status: 404, headers: { 'Cache-Control': 'no-store' } })

  const { store, tag, country } = await visitorStore(request)
  try {
    const userAgent = request.headers.get('user-agent')
    const referrer = request.headers.get('referer')
    await recordClick(db, {
      productId: product.id,
      productAsin: product.asin,
      ipHash: hashIp(context.clientIp),
      userAgent,
      referrer,
      store,
      country,
      sourcePath: sourcePath(referrer, [new URL(getEnv().SITE_URL).origin, requestUrl(request).origin]),
      isBot: isbot(userAgent),
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
