import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData } from '@remix-run/react'
import { HoneypotField, isHoneypotFilled } from '#app/components/honeypot.tsx'
import { logger } from '#app/lib/logger.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { requestSubscription } from '#app/models/subscriber.server.ts'
import { INVALID_EMAIL, SubscribeSchema } from '#app/schemas/subscribe.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { siteNameFrom } from '#app/utils/meta.ts'
import { sameSitePath } from '#app/utils/return-to.ts'
import { confirmationMail } from '#app/utils/subscription-mail.server.ts'
import { db } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'

// POST /subscribe: the signup of SPEC §2/§4/§8, double opt-in. GET shows a page of its own (and the
// no-JavaScript error page). The answer is the same whether or not the address was known.

const FAILED = 'Failed to subscribe. Please try again.'

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request, 4096)
  const parsed = SubscribeSchema.safeParse({ email: formData?.get('email') ?? undefined })
  if (!formData || !parsed.success) return data({ error: INVALID_EMAIL, failed: false }, { status: 400 })
  if (isHoneypotFilled(formData)) return data({ error: FAILED, failed: true }, { status: 403 })
  const limited = await checkRateLimits([
    ['subscribe:ip', context.clientIp],
    ['subscribe:email', parsed.data.email],
  ])
  if (limited) {
    return data({ error: TOO_MANY_REQUESTS, failed: true }, { status: 429, headers: retryAfterHeaders(limited) })
  }
  try {
    const subscription = await requestSubscription(db, parsed.data.email)
    if (subscription) await enqueue('send-mail', confirmationMail(parsed.data.email, subscription))
  } catch (error) {
    logger.error({ err: error }, 'subscribe failed')
    return data({ error: FAILED, failed: true }, { status: 503 })
  }
  // Only a path on this site, so the redirect cannot leave it.
  return redirectWithToast(sameSitePath(formData.get('redirectTo')) ?? '/', {
    title: 'Success!',
    description: 'Please check your email to confirm your subscription.',
  })
}

export const meta: MetaFunction = ({ matches }) => [
  { title: `Weekly digest | ${siteNameFrom(matches)}` },
  {
    name: 'description',
    content: `Get the ${siteNameFrom(matches)} weekly digest: new and featured comic storage supplies by e-mail every Monday. No spam; leave any time.`,
  },
]

export default function SubscribePage() {
  const result = useActionData<typeof action>()
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">Get the weekly digest</h1>
      <p className="mt-2 text-slate-600">New and featured supplies, once a week. No spam; leave any time.</p>
      {result?.error ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{result.failed ? 'Error' : 'Invalid email'}</p>
          <p>{result.error}</p>
        </div>
      ) : null}
      <Form method="post" className="relative mt-6 flex gap-2" noValidate>
        <input type="hidden" name="redirectTo" value="/" />
        <HoneypotField />
        <label htmlFor="subscribe-page-email" className="sr-only">
          Email address
        </label>
        <input
          id="subscribe-page-email"
          type="email"
          name="email"
          autoComplete="email"
          maxLength={254}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2"
        />
        <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 font-semibold text-white">
          Subscribe
        </button>
      </Form>
    </main>
  )
}
