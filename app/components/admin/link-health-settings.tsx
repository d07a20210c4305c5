import type { SubmissionResult } from '@conform-to/react'
import { Link } from '#app/components/link.tsx'
import { LINK_HEALTH_PATH } from '#app/schemas/link-health.ts'
import { PanelCard } from './panel-card.tsx'
import { ToggleForm } from './toggle-form.tsx'

// The link-health part of /admin/settings (docs/decisions/047): the owner's auto-hide (admins only) and each
// panel user's own daily e-mail of new problems. Each is a checkbox form posted to the page's action.

type Reply = SubmissionResult<string[]> | undefined

export function LinkHealthSettings({
  autoHideRejected,
  linkHealthEmail,
  reply,
}: {
  /** null: the role may not change it, and does not see it. */
  autoHideRejected: boolean | null
  linkHealthEmail: boolean
  reply: Reply
}) {
  return (
    <PanelCard id="link-health-settings-heading" title="Link health">
      <p className="mt-1 text-sm text-slate-700">
        The nightly refresh lists problems with products&apos; Amazon links under{' '}
        <Link to={LINK_HEALTH_PATH} className="font-medium text-brand-700 underline">
          Products → Link health
        </Link>
        .
      </p>
      <div className="mt-4 space-y-5">
        {autoHideRejected === null ? null : (
          <ToggleForm
            intent="auto-hide"
            field="autoHideRejected"
            checked={autoHideRejected}
            label="Hide products Amazon rejects on 3 runs in a row"
            hint="Each product hidden this way is recorded in the audit log; show it again from the Products tab."
            save="the auto-hide setting"
            lastResult={reply}
          />
        )}
        <ToggleForm
          intent="link-health-email"
          field="linkHealthEmail"
          checked={linkHealthEmail}
          label="E-mail me new link problems daily"
          hint="One e-mail in the morning, only when the refresh found something new."
          save="my e-mail choice"
          lastResult={reply}
        />
      </div>
    </PanelCard>
  )
}
