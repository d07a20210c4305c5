import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InfoDocument, infoPageMeta } from '#app/components/document/info-document.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'

// The sleeve comparison (SPEC §2): the owners' Markdown, edited at /admin/pages/compare-sleeves (docs/decisions/052).

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage('compare-sleeves', request)

export const headers = publicPageHeaders

export const meta = infoPageMeta('compare-sleeves')

export default function CompareSleeves() {
  return <InfoDocument {...useLoaderData<typeof loader>()} />
}
