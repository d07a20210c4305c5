import { type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { FormErrors, useIsPending } from '#app/components/forms.tsx'
import { isHoneypotFilled } from '#app/components/honeypot.tsx'
import { SubscribeForm, subscribeFailure } from '#app/components/subscribe-form.tsx'
import { parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { checkRateLimits, retryAfterHeaders, TOO_MANY_REQUESTS } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { requestSubscription } from '#app/models/subscriber.server.ts'
import { SubscribeSchema } from '#app/schemas/subscribe.ts'
import { siteNameFrom } from '#app/utils/meta.ts'
import { sameSitePath } from '#app/utils/return-to.ts'
import { confirmationMail } from '#app/utils/subscription-mail.server.ts'
import { db } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'

// POST /subscribe: the signup of SPEC §2/§4/§8, double opt-in. GET shows a page of its own (and the
// no-JavaScript error page). The answer is the same whether or not the address was known.

const FAILED = 'Failed to subscribe. Please try again.'

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseForm(request, SubscribeSchema, 4096)
  if (form.reply) return form.reply
  const { submission, value, formData } = form
  if (isHoneypotFilled(formData)) return refuse(FAILED, 403, submission)
  const limited = await checkRateLimits([
    ['subscribe:ip', context.clientIp],
    ['subscribe:email', value.email],
  ])
  if (limited) return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
  try {
    const subscription = await requestSubscription(db, value.email)
    if (subscription) await enqueue('send-mail', confirmationMail(value.email, subscription))
  } catch (error) {
    logger.error({ err: error }, 'subscribe failed')
    return refuse(FAILED, 503, submission)
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
  const reply = useActionData<typeof action>()
  const failure = subscribeFailure(reply)
  const pending = useIsPending()
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-bold">Get the weekly digest</h1>
      <p className="mt-2 text-slate-600">New and featured supplies, once a week. No spam; leave any time.</p>
      {/* SPEC §8 words a refusal as a toast: here, without JavaScript, the same title and message. */}
      <FormErrors
        errors={failure?.description ? [failure.description] : null}
        title={failure?.title}
        className="mt-6"
      />
      <SubscribeForm id="subscribe-page" lastResult={reply} redirectTo="/" pending={pending} tone="light" />
    </main>
  )
}
