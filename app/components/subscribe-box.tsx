import type { SubmissionResult } from '@conform-to/react'
import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { INVALID_EMAIL_TOAST, SubscribeForm, subscribeFailure } from './subscribe-form.tsx'
import { Toaster, type ToastMessage } from './toaster.tsx'

/**
 * The e-mail signup. Without JavaScript it is a plain POST to /subscribe, which redirects back here with a
 * toast (or shows its own page with the error). With JavaScript the address is checked in the browser, then
 * a fetcher posts it in place: the button reads "Subscribing..." and the field is disabled meanwhile; success
 * clears the field. A refusal shows SPEC §8's toast and the message under the field.
 */
export function SubscribeBox() {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const location = useLocation()
  const [toast, setToast] = useState<ToastMessage | null>(null)
  // The answer, and the page it answered on: after a signup the redirect moves on and the form starts afresh.
  const [answer, setAnswer] = useState<{ reply?: SubmissionResult<string[]>; at?: string }>({})
  useEffect(() => {
    if (!fetcher.data) return
    setAnswer({ reply: fetcher.data, at: location.key })
    setToast(subscribeFailure(fetcher.data))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer counts, not a navigation
  }, [fetcher.data])

  return (
    <section aria-labelledby="subscribe-heading" className="rounded-lg bg-slate-900 p-6 text-white">
      <h2 id="subscribe-heading" className="text-xl font-bold">
        Get the weekly digest
      </h2>
      <p className="mt-1 text-slate-300">New and featured supplies, once a week. No spam; leave any time.</p>
      {/* Re-mounted after every navigation, so a successful signup (which redirects back) clears the field. */}
      <SubscribeForm
        key={location.key}
        id="subscribe"
        lastResult={answer.at === location.key ? answer.reply : undefined}
        redirectTo={location.pathname + location.search}
        pending={fetcher.state !== 'idle'}
        tone="dark"
        FormComponent={fetcher.Form}
        onInvalid={() => setToast({ ...INVALID_EMAIL_TOAST })}
      />
      {/* Always rendered: a live region announces a change of its content, not its own arrival. */}
      <Toaster toast={toast} />
    </section>
  )
}
