import { useSubmit } from '@remix-run/react'
import { useState, type ReactNode } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { FormErrors } from '../forms.tsx'

// A passkey ceremony in the browser (docs/decisions/049): ask the server for options (a challenge it keeps), let
// @simplewebauthn/browser talk to the authenticator, and hand the answer, as JSON, to the caller to post in a
// form. WebAuthn has no form of its own: without JavaScript the button is a note saying so.

export type PasskeyPurpose = 'register' | 'authenticate' | 'sign-in'

export const PASSKEY_NEEDS_JS = 'Passkeys need JavaScript, which is off in this browser.'
const UNSUPPORTED = 'This browser cannot use passkeys.'
const CANCELLED = 'The passkey prompt was closed or timed out. Try again.'
const UNREACHABLE = 'The passkey request could not be started. Try again.'
const ALREADY_HERE = 'That passkey is already registered.'

/** Runs the ceremony: the answer as JSON, or the message to show. */
async function passkeyAnswer(purpose: PasskeyPurpose): Promise<{ answer: string } | { error: string }> {
  const { browserSupportsWebAuthn, startAuthentication, startRegistration } = await import('@simplewebauthn/browser')
  if (!browserSupportsWebAuthn()) return { error: UNSUPPORTED }
  let options: unknown
  try {
    const response = await fetch('/admin/passkeys/options', { method: 'POST', body: new URLSearchParams({ purpose }) })
    options = await response.json()
    if (!response.ok) return { error: (options as { error?: string }).error ?? UNREACHABLE }
  } catch {
    return { error: UNREACHABLE }
  }
  try {
    const answer =
      purpose === 'register'
        ? await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] })
        : await startAuthentication({
            optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
          })
    return { answer: JSON.stringify(answer) }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    if (name === 'InvalidStateError') return { error: ALREADY_HERE }
    return { error: name === 'NotAllowedError' || name === 'AbortError' ? CANCELLED : UNREACHABLE }
  }
}

/**
 * A PasskeyButton's `send` that posts the form the button is in, the answer as its field `field` and `fields` set as
 * given (a code field emptied, say).
 */
export function usePostFormWith(field: string, fields: Readonly<Record<string, string>> = {}) {
  const submit = useSubmit()
  return (answer: string, form: HTMLFormElement | null) => {
    const data = new FormData(form ?? undefined)
    for (const [name, value] of Object.entries(fields)) data.set(name, value)
    data.set(field, answer)
    submit(data, { method: 'post' })
  }
}

/**
 * A button that runs a passkey ceremony and then `send`s its answer, with the form the button is in (the
 * caller posts it); before hydration, and without JavaScript, the note `withoutJs` instead (or nothing).
 */
export function PasskeyButton({
  purpose,
  send,
  pending = false,
  className,
  children,
  withoutJs = PASSKEY_NEEDS_JS,
}: {
  purpose: PasskeyPurpose
  send: (answer: string, form: HTMLFormElement | null) => void
  pending?: boolean
  className: string
  children: ReactNode
  withoutJs?: string | null
}) {
  const hydrated = useHydrated()
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null })
  if (!hydrated) return withoutJs ? <p className="text-sm text-slate-700">{withoutJs}</p> : null
  const busy = state.busy || pending
  return (
    <div>
      <FormErrors errors={state.error ? [state.error] : null} title="Passkey not used" />
      <button
        type="button"
        data-passkey
        className={className}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async (event) => {
          const form = event.currentTarget.form
          setState({ busy: true, error: null })
          const outcome = await passkeyAnswer(purpose)
          setState({ busy: false, error: 'error' in outcome ? outcome.error : null })
          if ('answer' in outcome) send(outcome.answer, form)
        }}
      >
        {busy ? 'Waiting for your passkey...' : children}
      </button>
    </div>
  )
}
