import { PanelCard } from './panel-card.tsx'
import { AppAuthenticator, type PendingTotp } from './two-factor/app-authenticator.tsx'
import { Passkeys, type Passkey } from './two-factor/passkeys.tsx'
import { NewRecoveryCodes, RecoveryCodes } from './two-factor/recovery-codes.tsx'
import { replyByForm, type Reply } from './two-factor/replies.ts'

// The two-factor part of /admin/account (docs/decisions/048, 049): status, the authenticator app, passkeys,
// recovery codes (each in two-factor/). Each is a plain form posted to the page's action, told apart by its
// intent; a passkey's ceremony needs JavaScript and posts its answer in such a form.

export interface TwoFactorStatus {
  available: boolean
  enrolled: boolean
  totp: boolean
  passkeys: Passkey[]
  recoveryCodesLeft: number
  pendingFactorId: number | null
}

export function TwoFactorSection({
  required,
  status,
  pending,
  recoveryCodes,
  reply,
}: {
  required: boolean
  status: TwoFactorStatus
  pending: PendingTotp | null
  recoveryCodes: string[] | null
  reply: Reply
}) {
  const replyFor = replyByForm(reply)
  const hasPasskey = status.passkeys.length > 0
  return (
    <PanelCard id="two-factor-heading" title="Two-factor sign-in">
      {recoveryCodes ? <NewRecoveryCodes codes={recoveryCodes} /> : null}
      {required && !status.enrolled ? (
        <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
          This site requires two-factor sign-in for every panel user. Add a passkey or an authenticator app to continue.
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">
        {status.enrolled ? (
          <>
            <strong>On.</strong> After your password, sign-in asks for a passkey or a code from your authenticator app;
            a passkey also signs you in on its own.
          </>
        ) : (
          <>
            <strong>Off.</strong> Add a passkey, or a code from an authenticator app (such as 1Password, Google
            Authenticator or Aegis), to your password.
          </>
        )}
      </p>
      <AppAuthenticator
        on={status.totp}
        available={status.available}
        enrolled={status.enrolled}
        pending={pending}
        hasPasskey={hasPasskey}
        replyFor={replyFor}
      />
      <Passkeys passkeys={status.passkeys} replyFor={replyFor} />
      {status.enrolled ? (
        <RecoveryCodes
          left={status.recoveryCodesLeft}
          hasPasskey={hasPasskey}
          lastResult={replyFor('regenerate-codes')}
        />
      ) : null}
    </PanelCard>
  )
}
