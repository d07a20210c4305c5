import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useState } from 'react'

/**
 * "Done, taking you on…" pages (after setup and a password reset). Only reached with JavaScript, which
 * moves on after the spec's delay; without it the server redirects at once with a toast instead, because
 * a timed page refresh is a time limit WCAG 2.2.1 forbids.
 */
export function MovingOn({ to, afterMs, linkLabel }: { to: string; afterMs: number; linkLabel: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), afterMs)
    return () => clearTimeout(timer)
  }, [navigate, to, afterMs])
  return (
    <>
      <p role="status" className="text-slate-700">
        Taking you to the sign-in page…
      </p>
      <Link to={to} className="mt-4 inline-block font-medium text-brand-700 underline">
        {linkLabel}
      </Link>
    </>
  )
}

export const ENHANCED_FIELD = 'enhanced'

/** A hidden field that says "this form was sent by the JavaScript-enhanced page" once the page has hydrated. */
export function EnhancedMarker() {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return <input type="hidden" name={ENHANCED_FIELD} value={hydrated ? '1' : ''} />
}

export const sentEnhanced = (formData: FormData) => formData.get(ENHANCED_FIELD) === '1'
