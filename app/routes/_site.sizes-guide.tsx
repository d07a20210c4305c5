import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { InfoDocument, infoPageMeta } from '#app/components/document/info-document.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'

// The sizes guide (SPEC §2): the owners' Markdown, edited at /admin/pages/sizes-guide (docs/decisions/052).

export const loader = ({ request }: LoaderFunctionArgs) => loadInfoPage('sizes-guide', request)

export const headers = publicPageHeaders

export const meta = infoPageMeta('sizes-guide')

export default function SizesGuide() {
  return <InfoDocument {...useLoaderData<typeof loader>()} />
}
