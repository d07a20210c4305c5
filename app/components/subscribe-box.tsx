import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { HoneypotField } from './honeypot.tsx'
import { Toaster } from './toaster.tsx'

interface SubscribeResult {
  error?: string
  failed?: boolean
}

/**
 * The e-mail signup. Without JavaScript it is a plain POST to /subscribe, which redirects back here with a
 * toast (or shows its own page with the error). With JavaScript a fetcher posts it in place: the button
 * reads "Subscribing..." and the field is disabled meanwhile; success clears the field.
 */
export function SubscribeBox() {
  const fetcher = useFetcher<SubscribeResult>()
  const location = useLocation()
  const submitting = fetcher.state !== 'idle'
  const [errorToast, setErrorToast] = useState<null | { type: 'error'; title: string; description: string }>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    const { error, failed } = fetcher.data
    if (error) setErrorToast({ type: 'error', title: failed ? 'Error' : 'Invalid email', description: error })
  }, [fetcher.state, fetcher.data])

  return (
    <section aria-labelledby="subscribe-heading" className="rounded-lg bg-slate-900 p-6 text-white">
      <h2 id="subscribe-heading" className="text-xl font-bold">
        Get the weekly digest
      </h2>
      <p className="mt-1 text-slate-300">New and featured supplies, once a week. No spam; leave any time.</p>
      {/* Re-mounted after every navigation, so a successful signup (which redirects back) clears the field. */}
      <fetcher.Form
        key={location.key}
        method="post"
        action="/subscribe"
        className="mt-4 flex flex-wrap gap-2"
        noValidate
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <HoneypotField />
        <label htmlFor="subscribe-email" className="sr-only">
          Email address
        </label>
        <input
          id="subscribe-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          disabled={submitting}
          maxLength={254}
          className="min-w-0 flex-1 rounded-md border border-slate-600 bg-white px-3 py-2 text-slate-900"
        />
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-600 disabled:opacity-70"
        >
          {submitting ? 'Subscribing...' : 'Subscribe'}
        </button>
      </fetcher.Form>
      {errorToast ? <Toaster toast={errorToast} /> : null}
    </section>
  )
}
