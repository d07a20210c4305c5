import type { SubmissionResult } from '@conform-to/react'

// The two-factor forms all post to /admin/account's action, told apart by their intent (and a passkey's
// factorId): the page's one reply is shown only by the form that sent it.

export type Reply = SubmissionResult<string[]> | undefined
type Intent = 'start-totp' | 'confirm-totp' | 'add-passkey' | 'regenerate-codes' | 'remove-totp' | 'remove-passkey'

/** The reply for the form that sent `intent` (for `factorId`'s passkey), else nothing. */
export type ReplyFor = (intent: Intent, factorId?: number) => Reply

export function replyByForm(reply: Reply): ReplyFor {
  const replied = (reply?.initialValue?.intent ?? undefined) as Intent | undefined
  return (intent, factorId) =>
    replied === intent && (factorId === undefined || String(factorId) === reply?.initialValue?.factorId)
      ? reply
      : undefined
}
