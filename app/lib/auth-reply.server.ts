import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import { readFormData } from '#app/utils/form-data.server.ts'
import { FORM_TOO_LARGE, Refusal, refuse } from './form-reply.server.ts'
import { logger } from './logger.server.ts'

// The failure shape of the panel's signed-out forms (sign-in, setup, password reset): Conform's reply, like
// every form's (docs/decisions/037), but never carrying a password back, so no page echoes one into its HTML.

const PASSWORD_FIELDS = ['password', 'confirmPassword']

/** The submission back without its passwords: with its field messages, and `message` as the form's own. */
export function refuseAuth(submission: Submission<unknown>, status: number, message?: string, headers?: HeadersInit) {
  const result = submission.reply({ ...(message ? { formErrors: [message] } : {}), hideFields: PASSWORD_FIELDS })
  const allHeaders = new Headers(headers)
  allHeaders.set('Cache-Control', 'no-store')
  return data(result, { status, headers: allHeaders })
}

/**
 * Reads the form (at most `maxBytes`) and parses it with `schema`: the submission, or the reply that refuses
 * it (413 over the limit, 400 with the field messages). An invalid submission comes with its reply.
 */
export async function parseAuthForm<Schema extends z.ZodTypeAny>(request: Request, schema: Schema, maxBytes: number) {
  const formData = await readFormData(request, maxBytes)
  if (!formData) return { reply: refuse(FORM_TOO_LARGE, 413) } as const
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return { reply: refuseAuth(submission, 400), submission } as const
  return { submission, value: submission.value as z.output<Schema>, formData } as const
}

/**
 * Runs a valid submission's write: its answer, or the submission back with a Refusal's message, or, for
 * anything unexpected (the database or the queue away), a 503 with SPEC §8's `failed` message.
 */
export async function attemptAuth<Answer>(
  submission: Submission<unknown>,
  write: () => Promise<Answer>,
  failed: string,
) {
  try {
    return await write()
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof Refusal) return refuseAuth(submission, error.status, error.message)
    logger.error({ err: error }, failed)
    return refuseAuth(submission, 503, failed)
  }
}
