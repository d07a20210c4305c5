import type { SubmissionResult } from '@conform-to/react'
import { Link } from '#app/components/link.tsx'
import { PanelCard } from './panel-card.tsx'
import { ToggleForm } from './toggle-form.tsx'

// The sign-in part of /admin/settings (docs/decisions/048): the owner's "require two-factor for every panel
// user" (admins only; other roles do not see it).

export function SignInSettings({
  requireTwoFactor,
  reply,
}: {
  requireTwoFactor: boolean
  reply: SubmissionResult<string[]> | undefined
}) {
  return (
    <PanelCard id="sign-in-settings-heading" title="Sign-in">
      <p className="mt-1 text-sm text-slate-700">
        Each user adds their own passkeys or authenticator app under{' '}
        <Link to="/admin/account" className="font-medium text-brand-700 underline">
          Account → Two-factor sign-in
        </Link>
        .
      </p>
      <div className="mt-4">
        <ToggleForm
          intent="require-two-factor"
          field="requireTwoFactor"
          checked={requireTwoFactor}
          label="Require two-factor sign-in for every panel user"
          hint="Users without a passkey or an authenticator app are sent to set one up after signing in."
          save="the two-factor requirement"
          lastResult={reply}
        />
      </div>
    </PanelCard>
  )
}
