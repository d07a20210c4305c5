import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { readFormData } from '#app/utils/form-data.server.ts'
import { logger } from './logger.server.ts'

// The one failure shape (docs/decisions/037): a write that fails answers Conform's reply — field messages
// under their fields, the form's own messages in its FormErrors — with a status that says why (400 input,
// 403 refused, 404 gone, 409 conflict, 413 too large, 503 not saved). Success redirects with a toast.

/** The one wording for a body over a form's limit. */
export const FORM_TOO_LARGE = 'The form is too large to send.'

export type FormReply = SubmissionResult<string[]>

/** Fields a reply never carries back: no page echoes a typed password or API secret into its HTML. */
const SECRET_FIELDS = ['password', 'confirmPassword', 'credentialSecret']

/** The submission's reply: what was typed (but passwords), with `errors` added. */
const replyOf = (
  submission: Submission<unknown>,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) => submission.reply({ ...errors, hideFields: SECRET_FIELDS })

/** A failure reply: never stored by a cache, since it answers one visitor's input. `headers`: e.g. Retry-After. */
export function replyWith(result: FormReply, status: number, headers?: HeadersInit) {
  return data(result, { status, headers: { ...Object.fromEntries(new Headers(headers)), 'Cache-Control': 'no-store' } })
}

/** The form back with its field messages (what zod, or a check of ours, found wrong with the input). */
export const invalid = (submission: Submission<unknown>, fieldErrors?: Record<string, string[]>) =>
  replyWith(replyOf(submission, { fieldErrors }), 400)

/** The form refused as a whole: `message` becomes the form's error; what was typed is kept when known. */
export function refuse(message: string, status: number, submission?: Submission<unknown>, headers?: HeadersInit) {
  const result: FormReply = submission
    ? replyOf(submission, { formErrors: [message] })
    : { status: 'error', error: { '': [message] } }
  return replyWith(result, status, headers)
}

/**
 * Reads the form (at most `maxBytes`) and parses it with `schema`: the valid submission, or the reply that
 * refuses it (413 over the limit, 400 with the field messages; the invalid submission comes with it, for a
 * form that words its refusal itself).
 */
export async function parseForm<Schema extends z.ZodTypeAny>(request: Request, schema: Schema, maxBytes: number) {
  const formData = await readFormData(request, maxBytes)
  if (!formData) return { reply: refuse(FORM_TOO_LARGE, 413) } as const
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return { reply: invalid(submission), submission } as const
  return { submission, value: submission.value as z.output<Schema>, formData } as const
}

/**
 * A write refused for a reason the visitor can act on (gone, taken, still in use): thrown inside the write,
 * so its transaction rolls back, and answered by `attempt` as the form's message (or `field`'s).
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

export const NOT_SAVED = 'The change could not be saved. Please try again.'

/**
 * Runs a valid submission's write: its answer (a redirect with a toast), or the submission back with a
 * Refusal's message, or, for anything unexpected (the database away), a 503 with `failed` that keeps what
 * was typed. `context` goes into the log line.
 */
export async function attempt<Answer>(
  submission: Submission<unknown>,
  write: () => Promise<Answer>,
  context: Record<string, unknown> = {},
  failed = NOT_SAVED,
) {
  try {
    return await write()
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof Refusal) {
      const reply = error.field
        ? replyOf(submission, { fieldErrors: { [error.field]: [error.message] } })
        : replyOf(submission, { formErrors: [error.message] })
      return replyWith(reply, error.status)
    }
    logger.error({ err: error, ...context }, 'write failed')
    return refuse(failed, 503, submission)
  }
}
