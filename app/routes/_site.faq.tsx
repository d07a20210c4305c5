import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InfoDocument, infoPageMeta } from '#app/components/document/info-document.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'

// The FAQ (SPEC §2): the owners' Markdown, edited at /admin/pages/faq (docs/decisions/052).

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage('faq', request)

export const headers = publicPageHeaders

export const meta = infoPageMeta('faq')

export default function Faq() {
  return <InfoDocument {...useLoaderData<typeof loader>()} />
}
