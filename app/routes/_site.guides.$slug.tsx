import { invariantResponse } from '@epic-web/invariant'
import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { DocumentBody } from '#app/components/document/document-body.tsx'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { JsonLd } from '#app/components/json-ld.tsx'
import { documentView } from '#app/lib/content/document-view.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { publishedGuide } from '#app/lib/kept-reads.server.ts'
import { findRedirect } from '#app/models/document.server.ts'
import { GUIDE_NOT_FOUND } from '#app/schemas/document.ts'
import { publicCacheControl, publicPageHeaders } from '#app/utils/cache.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { articleJsonLd, breadcrumbJsonLd, jsonLdScript } from '#app/utils/json-ld.ts'
import { guidesFeedLink, notFoundMeta, pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /guides/{slug} (docs/decisions/052): a published guide, its embeds read now, so the page may be cached only
// until its first embedded price turns 24 hours old. A slug the guide had before answers 301 to where it is now.

// The database's own rule for slugs: anything else cannot exist, so it is not even looked up.
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  invariantResponse(SLUG.test(slug), GUIDE_NOT_FOUND, { status: 404 })
  const url = requestUrl(request)
  const guide = await publishedGuide(slug)
  if (!guide) {
    const current = await findRedirect(db, 'guide', slug)
    if (current) {
      // Held briefly like a page, never for good: the old slug may be given to another guide one day.
      const headers = { 'Cache-Control': publicCacheControl(null) }
      throw redirect(`/guides/${current}${url.search}`, { status: 301, headers })
    }
  }
  invariantResponse(guide, GUIDE_NOT_FOUND, { status: 404 })

  const env = getEnv()
  const { view, headers } = await documentView(db, guide.body, { params: url.searchParams })
  const absolute = (path: string) => new URL(path, env.SITE_URL).toString()
  const canonical = absolute(`/guides/${guide.slug}`)
  const cover = guide.cover_url
    ? { url: guide.cover_url, alt: guide.cover_alt ?? '', width: guide.cover_width, height: guide.cover_height }
    : null
  const breadcrumbs = [
    { name: 'Home', path: '/' },
    { name: 'Guides', path: '/guides' },
    { name: guide.title, path: `/guides/${guide.slug}` },
  ]
  const published = guide.published_at!
  const article = articleJsonLd({
    headline: guide.title,
    description: guide.summary,
    url: canonical,
    image: cover ? absolute(cover.url) : null,
    datePublished: published,
    dateModified: guide.modified_at,
    siteName: env.SITE_NAME,
    siteUrl: env.SITE_URL,
  })
  const trail = breadcrumbJsonLd(breadcrumbs.map((crumb) => ({ name: crumb.name, url: absolute(crumb.path) })))

  return data(
    {
      guide: {
        title: guide.title,
        seoTitle: guide.seo_title,
        summary: guide.summary,
        noindex: guide.noindex,
        published: { day: isoDate(published, env.REFRESH_TZ), label: formatDate(published, env.REFRESH_TZ) },
        // Editorial: the day someone checked the guide, as they wrote it; a price refresh never moves it.
        lastReviewed: guide.last_reviewed_on
          ? { day: guide.last_reviewed_on, label: formatDate(new Date(`${guide.last_reviewed_on}T00:00:00Z`), 'UTC') }
          : null,
        cover,
      },
      view,
      breadcrumbs,
      canonical,
      ogImage: cover ? absolute(cover.url) : null,
      times: { publishedTime: published.toISOString(), modifiedTime: guide.modified_at.toISOString() },
      structuredData: [jsonLdScript(article), jsonLdScript(trail)],
    },
    { headers },
  )
}

export const headers = publicPageHeaders

export const links: LinksFunction = () => [guidesFeedLink]

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const siteName = siteNameFrom(matches)
  if (!data) return notFoundMeta(GUIDE_NOT_FOUND, { error, matches })
  const { guide } = data
  return [
    ...pageMeta({
      title: guide.seoTitle ?? `${guide.title} | ${siteName}`,
      description: guide.summary,
      canonical: data.canonical,
      image: data.ogImage,
      type: 'article',
      article: data.times,
    }),
    ...(guide.noindex ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ]
}

export default function GuidePage() {
  const { guide, view, breadcrumbs, structuredData } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-5xl px-4 py-10">
      <JsonLd blocks={structuredData} />
      <Breadcrumbs crumbs={breadcrumbs} />
      {/* The words at reading width (app.css), tables and grids wider, so a comparison's columns all show. */}
      <article>
        <header>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{guide.title}</h1>
          <p className="mt-3 text-sm text-slate-600">
            Published <time dateTime={guide.published.day}>{guide.published.label}</time>
            {guide.lastReviewed ? (
              <>
                {' · '}Last reviewed <time dateTime={guide.lastReviewed.day}>{guide.lastReviewed.label}</time>
              </>
            ) : null}
          </p>
        </header>
        {guide.cover ? (
          <img
            src={guide.cover.url}
            alt={guide.cover.alt}
            width={guide.cover.width ?? undefined}
            height={guide.cover.height ?? undefined}
            className="mt-6 h-auto w-full rounded-lg bg-slate-100"
          />
        ) : null}
        <DocumentBody document={view} disclose />
      </article>
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler(GUIDE_NOT_FOUND)} />
}
