import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InfoDocument, infoPageMeta } from '#app/components/document/info-document.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'

// The affiliate disclosure (SPEC §2): the owners' Markdown, edited at /admin/pages/disclosure (docs/decisions/052).

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage('disclosure', request)

export const headers = publicPageHeaders

export const meta = infoPageMeta('disclosure')

export default function Disclosure() {
  return <InfoDocument {...useLoaderData<typeof loader>()} />
}
