import { getPaths } from '@conform-to/dom'
import { parseWithZod } from '@conform-to/zod'
import type { z } from 'zod'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { attempt, FORM_TOO_LARGE, invalid, refuse } from './form-reply.server.ts'
import { requirePanelUser } from './panel-auth.server.ts'
import type { Permission } from './permissions.ts'

export interface PanelFormOptions {
  maxBytes: number
  permissions: Readonly<Record<string, Permission>>
  /** The account page, where a user the site requires to enrol does so (requirePanelUser). */
  enrolment?: boolean
}

/**
 * Reads a panel page's form of several intents (docs/decisions/038, 074): the body (at most `maxBytes`) first,
 * because its intent decides which permission is needed, then that one check, and only then the rest of the
 * form. The intent checked is the one the action acts on: the parse's, read once, from a form that names it once
 * and only as `intent`. Answers the panel user, the form and the valid submission, or the reply that refuses it
 * (413 too large, 400 not a form, a misnamed or repeated intent, or bad input).
 */
export async function readPanelForm<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
  { maxBytes, permissions, enrolment }: PanelFormOptions,
) {
  // undefined: not a form we read (readFormData's 400s: not a form, or a field named as no page names it).
  const formData = await readFormData(request, maxBytes).catch(() => undefined)
  const submission = formData ? parseWithZod(formData, { schema }) : undefined
  const intent = formData && intentSentOnce(formData, request) ? submission?.payload.intent : undefined
  const known = typeof intent === 'string' && Object.hasOwn(permissions, intent)
  const user = await requirePanelUser(request, known ? permissions[intent]! : 'view', { enrolment })
  if (formData === null) return { reply: refuse(FORM_TOO_LARGE, 413) } as const
  if (!formData || !submission || intent === undefined) return { reply: refuse(UNKNOWN_ACTION, 400) } as const
  // With the user and the submission: a form that counts bad input against a limit needs to know whose it was.
  if (submission.status !== 'success') return { reply: invalid(submission), user, submission } as const
  return { user, formData, submission, value: submission.value as z.output<Schema> } as const
}

const UNKNOWN_ACTION = 'Unknown action.'

/**
 * Whether the form names its intent as every panel form does: one field called `intent`, and no other field of
 * the form or parameter of the address whose name starts with it (`intent[0]`, `intent.x`, `?intent=`), which a
 * later reader could take for it.
 */
function intentSentOnce(form: FormData, request: Request): boolean {
  const names = [...form.keys(), ...requestUrl(request).searchParams.keys()]
  return names.filter((name) => firstSegment(name) === 'intent').length === 1 && form.getAll('intent').length === 1
}

/** A name's first segment as Conform's paths read it (`intent` of `intent[0]` and `.intent`), else its first word. */
function firstSegment(name: string): string | number | undefined {
  try {
    return getPaths(name)[0]
  } catch {
    return name.split(/[.[\]]+/).find(Boolean)
  }
}

/**
 * The action of a panel page whose every intent is one write: the form read as readPanelForm reads it (its refusal
 * answered as it is), then `write` with the signed-in user's id and the valid form, run by `attempt` (a Refusal or a
 * failure answers the form back). `context` and the intent go into a failed write's log line.
 */
export async function writePanelForm<Schema extends z.ZodTypeAny, Answer>(
  request: Request,
  schema: Schema,
  options: PanelFormOptions,
  write: (actorId: number, value: z.output<Schema>) => Promise<Answer>,
  context: Record<string, unknown> = {},
) {
  const form = await readPanelForm(request, schema, options)
  if ('reply' in form) return form.reply
  const { intent } = form.value as { intent?: unknown }
  return attempt(form.submission, () => write(form.user.id, form.value), { ...context, intent })
}
