import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'

/** A link to a form or confirmation; a disabled button when it may not be used (links cannot be disabled). */
export function ActionLink({
  allowed,
  to,
  className,
  children,
}: {
  allowed: boolean
  to: string
  className: string
  children: ReactNode
}) {
  if (!allowed) {
    return (
      <button type="button" disabled className={className}>
        {children}
      </button>
    )
  }
  return (
    <Link to={to} preventScrollReset className={className}>
      {children}
    </Link>
  )
}
