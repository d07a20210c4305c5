import { useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { Link } from '#app/components/link.tsx'

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
