import type { SubmissionResult } from '@conform-to/react'
import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { CommunityReviews } from '#app/components/community-reviews.tsx'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { useIsPending } from '#app/components/forms.tsx'
import { isHoneypotFilled } from '#app/components/honeypot.tsx'
import { ImageGallery } from '#app/components/image-gallery.tsx'
import { JsonLd } from '#app/components/json-ld.tsx'
import { Link } from '#app/components/link.tsx'
import { StoreNote, StoreOutboundLink } from '#app/components/outbound-link.tsx'
import { Price, UnitPriceNote } from '#app/components/price.tsx'
import { SpecList } from '#app/components/product-specs.tsx'
import { ReviewDialog, useReviewDialog } from '#app/components/review-dialog.tsx'
import { ReviewForm } from '#app/components/review-form.tsx'
import { StarRating } from '#app/components/star-rating.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { attempt, NOT_SAVED, parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '#app/lib/outage.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getProductPage } from '#app/models/product.server.ts'
import { specsOf } from '#app/schemas/product-specs.ts'
import { REVIEW_MAX_BODY_BYTES, ReviewDialogSchema } from '#app/schemas/review.ts'
import { requireReviewedProduct, submitDialogReview } from '#app/services/review.server.ts'
import { isAsin } from '#app/utils/asin.ts'
import { freshUntilHeaders, publicPageHeaders } from '#app/utils/cache.ts'
import { formatDate, formatDateTime, isoDate } from '#app/utils/format.ts'
import { breadcrumbJsonLd, jsonLdScript, productJsonLd } from '#app/utils/json-ld.ts'
import { notFoundMeta, pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { displayPrice, unitPrice } from '#app/utils/pricing.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

const PREVIEW_REVIEWS = 3

export async function loader({ params, request }: LoaderFunctionArgs) {
  const asin = params.asin ?? ''
  const page = isAsin(asin) ? await getProductPage(db, asin, PREVIEW_REVIEWS) : undefined
  invariantResponse(page, 'Product not found.', { status: 404 })
  const { product, reviewStats: stats, reviews } = page

  const env = getEnv()
  const now = new Date()
  const price = displayPrice(product, now)
  const specs = specsOf(product)
  const images = product.images.length > 0 ? product.images : product.image_url ? [product.image_url] : []
  const url = requestUrl(request)
  const requestedImage = Number(url.searchParams.get('image'))
  const canonical = `${env.SITE_URL}/product/${product.asin}`
  const absolute = (url: string) => new URL(url, env.SITE_URL).toString()
  const category = product.category_slug
    ? { name: product.category_name ?? product.category_slug, slug: product.category_slug }
    : null
  const breadcrumbs = [
    { name: 'Home', path: '/' },
    ...(category ? [{ name: category.name, path: `/category/${category.slug}` }] : []),
    { name: product.title, path: `/product/${product.asin}` },
  ]

  // Schema.org (SPEC §2, DESIGN.md §6, docs/decisions/023): the Product, rated by our own approved reviews, only
  // when it has a current price and a picture; and the breadcrumbs the page shows.
  const productData = productJsonLd({
    asin: product.asin,
    title: product.title,
    brand: product.brand,
    description: product.description,
    images: images.map(absolute),
    canonical,
    price,
    reviewStats: stats,
    reviews: reviews.map((review) => ({ ...review, datePublished: isoDate(review.created_at, env.REFRESH_TZ) })),
  })
  const structuredData = [
    ...(productData ? [productData] : []),
    breadcrumbJsonLd(breadcrumbs.map((crumb) => ({ name: crumb.name, url: absolute(crumb.path) }))),
  ]

  return data(
    {
      product: {
        asin: product.asin,
        title: product.title,
        brand: product.brand,
        description: product.description,
        badges: product.badges,
        rating: Number(product.rating),
        review_count: product.review_count,
        category,
      },
      breadcrumbs,
      images,
      initialImage:
        Number.isInteger(requestedImage) && requestedImage > 0 && requestedImage < images.length ? requestedImage : 0,
      price,
      unitPrice: unitPrice(price, product),
      specs,
      priceTimestamp: price.current ? formatDateTime(price.asOf, env.REFRESH_TZ) : null,
      reviewStats: stats,
      reviews: reviews.map((review) => ({ ...review, date: formatDate(review.created_at, env.REFRESH_TZ) })),
      canonical,
      // Without JavaScript, "Write a Review" opens the form as a section of the page (?review).
      showReviewForm: url.searchParams.has('review'),
      ogImage: images[0] ? absolute(images[0]) : null,
      structuredData: structuredData.map(jsonLdScript),
    },
    { headers: freshUntilHeaders([price]) },
  )
}

/** The review dialog's POST: a PENDING review, or the form back with its messages and what was typed. */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, ReviewDialogSchema, REVIEW_MAX_BODY_BYTES)
  const product = await requireReviewedProduct(params.asin).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) return null
    throw error
  })
  // While the database is away the dialog keeps what was typed, with a message, instead of an error page.
  if (!product) return refuse(NOT_SAVED, 503, form.submission, { 'Retry-After': RETRY_AFTER_SECONDS })
  if (form.reply) return form.reply
  const { submission, value, formData } = form
  if (isHoneypotFilled(formData)) return refuse('Your review could not be sent.', 403, submission)
  const limited = await checkRateLimits([['review:ip', context.clientIp]])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
  const thanks = { title: 'Review submitted successfully', description: 'Your review is pending approval.' }
  return attempt(
    submission,
    async () => {
      await submitDialogReview(product.id, value)
      return redirectWithToast(`/product/${product.asin}`, thanks)
    },
    { asin: product.asin },
  )
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!data) return notFoundMeta('Product not found.', { error, matches })
  const { product } = data
  return pageMeta({
    title: `${product.title} | ${siteNameFrom(matches)}`,
    description: product.description?.slice(0, 300) ?? `Buy ${product.title} on Amazon`,
    canonical: data.canonical,
    image: data.ogImage,
    type: 'product',
  })
}

export default function ProductPage() {
  const data = useLoaderData<typeof loader>()
  const { product, price, reviewStats } = data
  const reply = useActionData<typeof action>()
  const dialog = useReviewDialog()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd blocks={data.structuredData} />
      <Breadcrumbs crumbs={data.breadcrumbs} />
      <div className="grid gap-10 md:grid-cols-2">
        <ImageGallery key={product.asin} images={data.images} initialIndex={data.initialImage} title={product.title} />
        <div>
          {product.brand ? <p className="text-sm font-medium text-brand-700">{product.brand}</p> : null}
          <h1 className="mt-1 text-3xl font-bold">{product.title}</h1>
          <div className="mt-3 flex items-center gap-2 text-slate-600">
            <StarRating rating={product.rating} size="lg" />
            <span>({product.review_count})</span>
          </div>
          {product.badges.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Badges">
              {product.badges.map((badge) => (
                <li key={badge} className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-700">
                  {badge}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6">
            <Price price={price} asin={product.asin} className="text-3xl" />
            {data.unitPrice ? <UnitPriceNote unitPrice={data.unitPrice} className="text-sm" /> : null}
            {data.priceTimestamp ? (
              <details className="mt-1 text-sm text-slate-600">
                <summary className="cursor-pointer">as of {data.priceTimestamp} - Details</summary>
                <p className="mt-2">
                  Product prices and availability are accurate as of the date and time indicated and are subject to
                  change. Any price and availability information displayed on Amazon at the time of purchase will apply
                  to the purchase of this product.
                </p>
              </details>
            ) : null}
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <StoreOutboundLink
              asin={product.asin}
              className="rounded-md bg-brand-500 px-5 py-3 font-semibold text-slate-900 hover:bg-brand-600"
            />
            <Link
              to="?review#write-review"
              preventScrollReset
              onClick={dialog.open}
              className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold hover:bg-slate-100"
            >
              Write a Review
            </Link>
          </div>
          <StoreNote className="mt-2 text-sm text-slate-600" />
          {reviewStats.count > 0 ? (
            <p className="mt-4">
              <Link to={`/reviews/${product.asin}`} className="font-medium text-brand-700 underline">
                Read All {reviewStats.count} Reviews
              </Link>
            </p>
          ) : null}
          <aside className="mt-6 rounded-lg border border-slate-200 bg-slate-100 p-4 text-sm text-slate-700">
            <p>
              {data.priceTimestamp
                ? `Price updated ${data.priceTimestamp}. `
                : 'We do not have a current price for this product. '}
              Prices change often: please verify the price on Amazon before you buy.
            </p>
            <p className="mt-2">
              We earn from qualifying purchases made through our links.{' '}
              <Link to="/disclosure" className="font-medium underline">
                Learn more in our affiliate disclosure
              </Link>
              .
            </p>
          </aside>
        </div>
      </div>

      {data.showReviewForm || reply ? <ReviewSection reply={reply} /> : null}
      <ReviewDialog dialog={dialog} />

      <section aria-labelledby="details-heading" className="mt-12 max-w-3xl">
        <h2 id="details-heading" className="text-2xl font-bold">
          Product Details
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">{product.description ?? 'No description yet.'}</p>
        <SpecList specs={data.specs} />
      </section>

      <CommunityReviews asin={product.asin} stats={reviewStats} reviews={data.reviews} preview={PREVIEW_REVIEWS} />
    </main>
  )
}

/** Without JavaScript, "Write a Review" shows the form as a section of the page (?review), posted as a page. */
function ReviewSection({ reply }: { reply?: SubmissionResult<string[]> }) {
  const pending = useIsPending()
  return (
    <section id="write-review" aria-labelledby="write-review-heading" className="mt-12 max-w-xl">
      <h2 id="write-review-heading" className="text-2xl font-bold">
        Write a Review
      </h2>
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-6">
        <ReviewForm id="review" lastResult={reply} pending={pending} />
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler('Product not found.')} />
}
