import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InfoDocument, infoPageMeta } from '#app/components/document/info-document.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'

// About (SPEC §2): the owners' Markdown, edited at /admin/pages/about (docs/decisions/052).

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage('about', request)

export const headers = publicPageHeaders

export const meta = infoPageMeta('about')

export default function About() {
  return <InfoDocument {...useLoaderData<typeof loader>()} />
}
