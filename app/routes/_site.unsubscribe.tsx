import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { unsubscribe } from '#app/models/subscriber.server.ts'
import { noStoreHeaders } from '#app/utils/cache.ts'
import { siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { verifyUnsubscribe } from '#app/utils/subscription-mail.server.ts'
import { db } from '#db/client.ts'

// The signed link in every mail. Following it only asks; the POST unsubscribes (so link scanners cannot).
// The same URL is the mail's List-Unsubscribe: providers' one-click POST (RFC 8058) lands in the action too.

function subscriberFrom(url: URL) {
  return verifyUnsubscribe(url.searchParams.get('id'), url.searchParams.get('sig'))
}

export function loader({ request }: LoaderFunctionArgs) {
  const valid = subscriberFrom(requestUrl(request)) !== null
  return data({ valid }, { status: valid ? 200 : 400, headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  const id = subscriberFrom(requestUrl(request))
  const headers = { 'Cache-Control': 'no-store' }
  if (id === null) return data({ done: false }, { status: 400, headers })
  await unsubscribe(db, id)
  return data({ done: true }, { headers })
}

export const headers = noStoreHeaders

export const meta: MetaFunction = ({ matches }) => [
  { title: `Unsubscribe | ${siteNameFrom(matches)}` },
  {
    name: 'description',
    content: `Unsubscribe from the ${siteNameFrom(matches)} weekly digest of new and featured comic storage supplies.`,
  },
]

export default function Unsubscribe() {
  const { valid } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      {result?.done ? (
        <h1 className="text-3xl font-bold">You have been unsubscribed</h1>
      ) : valid ? (
        <>
          <h1 className="text-3xl font-bold">Unsubscribe from the weekly digest?</h1>
          <Form method="post" className="mt-6">
            <button type="submit" className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white">
              Unsubscribe
            </button>
          </Form>
        </>
      ) : (
        <h1 className="text-3xl font-bold">Invalid or expired link</h1>
      )}
    </main>
  )
}
