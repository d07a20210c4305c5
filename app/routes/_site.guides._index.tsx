import { invariantResponse } from '@epic-web/invariant'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { CardTitleLink, Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { listPublishedGuides } from '#app/models/document.server.ts'
import { pageParam } from '#app/schemas/params.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { guidesFeedLink, notFoundMeta, pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /guides (docs/decisions/052): the published guides, newest first, twelve a page. A page past the last is a 404,
// not an empty list under another address.

const PAGE_SIZE = 12
const guidesPage = pageParam(1_000)

export async function loader({ request }: LoaderFunctionArgs) {
  const page = guidesPage.parse(requestUrl(request).searchParams.get('page') ?? undefined)
  const { guides, total } = await listPublishedGuides(db, page, PAGE_SIZE)
  invariantResponse(page === 1 || guides.length > 0, 'Not Found', { status: 404 })
  const env = getEnv()
  return {
    guides: guides.map((guide) => ({
      slug: guide.slug,
      title: guide.title,
      summary: guide.summary,
      cover: guide.cover_url ? { url: guide.cover_url, alt: guide.cover_alt ?? '' } : null,
      published: {
        day: isoDate(guide.published_at!, env.REFRESH_TZ),
        label: formatDate(guide.published_at!, env.REFRESH_TZ),
      },
    })),
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    canonical: `${env.SITE_URL}/guides${page > 1 ? `?page=${page}` : ''}`,
  }
}

export const headers = publicPageHeaders

export const links: LinksFunction = () => [guidesFeedLink]

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const siteName = siteNameFrom(matches)
  if (!data) return notFoundMeta('Page not found', { error, matches })
  return pageMeta({
    title: `Guides${data.page > 1 ? ` (page ${data.page})` : ''} | ${siteName}`,
    description:
      'Guides for comic collectors: how to bag, board, sleeve and box comics of every era, which supplies to choose, and what they cost today.',
    canonical: data.canonical,
  })
}

export default function Guides() {
  const { guides, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Guides</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        How to store and protect comics, step by step, with the supplies we would choose ourselves.
      </p>
      {guides.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {guides.map((guide) => (
            <li key={guide.slug} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white">
              {guide.cover ? (
                <img
                  src={guide.cover.url}
                  alt={guide.cover.alt}
                  loading="lazy"
                  className="aspect-[16/9] w-full bg-slate-100 object-cover"
                />
              ) : null}
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-lg font-semibold text-slate-900">
                  <CardTitleLink to={`/guides/${guide.slug}`}>{guide.title}</CardTitleLink>
                </h2>
                <p className="text-slate-700">{guide.summary}</p>
                <p className="mt-auto pt-2 text-sm text-slate-600">
                  <time dateTime={guide.published.day}>{guide.published.label}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No guides yet. Come back soon, or see the{' '}
          <Link to="/sizes-guide" className="font-medium text-brand-700 underline">
            sizes guide
          </Link>{' '}
          meanwhile.
        </p>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </main>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
