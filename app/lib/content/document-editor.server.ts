import type { Submission } from '@conform-to/react'
import { data } from '@remix-run/node'
import type { z } from 'zod'
import type { DocumentPreview } from '#app/components/admin/document-preview.tsx'
import type { EditorRevision } from '#app/components/admin/document-revisions.tsx'
import { getRevision, listRevisions, type DocumentStatus } from '#app/models/document.server.ts'
import { getMediaImage } from '#app/models/media.server.ts'
import { DOCUMENT_MAX_BODY_BYTES, type GuideIntent } from '#app/schemas/document.ts'
import { parseId } from '#app/schemas/params.ts'
import { listedProblems, type Problem } from '#app/utils/document-view.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'
import { getEnv } from '../env.server.ts'
import { attempt } from '../form-reply.server.ts'
import { readPanelForm } from '../panel-form.server.ts'
import type { Permission } from '../permissions.ts'
import type { ToastInput } from '../toast.server.ts'
import { documentView } from './document-view.server.ts'
import { revisionChanges } from './revision-diff.server.ts'

// What the guide and page editors' loaders and actions share (docs/decisions/052): the cover, the revision history
// with its "Compare with current", and the preview, which answers the form as typed and saves nothing.

/**
 * The cover the form shows: the image the media picker's page came back with (`?images=`, without JavaScript;
 * the first chosen), else the saved one. An address that is no image of the library is ignored.
 */
export async function editorCover(url: URL, savedId: number | null) {
  const address = url.searchParams.get('images')
  const picked = address ? await getMediaImage(db, { url: address }) : undefined
  const image = picked ?? (savedId === null ? undefined : await getMediaImage(db, { id: savedId }))
  return image ? { id: image.id, url: image.url, picked: image === picked } : null
}

/** The document's revisions, newest first, and what changed since the one `?diff=N` names (if it is one). */
export async function revisionHistory(
  document: { id: number; title: string; summary: string; body: string },
  url: URL,
) {
  const timeZone = getEnv().REFRESH_TZ
  const compared = parseId(url.searchParams.get('diff'))
  const [rows, old] = await Promise.all([
    listRevisions(db, document.id),
    compared === null ? undefined : getRevision(db, document.id, compared),
  ])
  const revisions: EditorRevision[] = rows.map((row) => ({
    revision: row.revision,
    author: row.author,
    savedAt: formatDateTime(row.created_at, timeZone),
  }))
  const diff = old ? { revision: old.revision, ...revisionChanges(old, document) } : null
  return { revisions, diff }
}

/** The preview: the form back as typed (Conform keeps it), with the text as visitors will see it and its problems. */
export async function previewReply(
  submission: Submission<unknown>,
  { title, eyebrow = null, body }: { title: string; eyebrow?: string | null; body: string },
) {
  const { view } = await documentView(db, body, { preview: true })
  const preview: DocumentPreview = { title, eyebrow, view }
  return data({ ...submission.reply(), preview }, { headers: { 'Cache-Control': 'no-store' } })
}

type Preview = { intent: 'preview'; title: string; eyebrow?: string | null; body: string }

/**
 * An editor's action: the form read as readPanelForm reads it (its refusal answered as it is), then the document the
 * address names (`target`, which throws a 404 for none), then a preview, answered without saving anything, or
 * `write`, run by attempt; `context` names the target in a failed write's log line.
 */
export async function documentAction<Schema extends z.ZodType<{ intent: string }>, Target>(
  request: Request,
  schema: Schema,
  editor: {
    permissions: Readonly<Record<string, Permission>>
    target: () => Target
    context?: (target: Target) => Record<string, unknown>
    write: (
      actorId: number,
      target: Target,
      form: Exclude<z.output<Schema>, { intent: 'preview' }>,
    ) => Promise<Response>
  },
) {
  const form = await readPanelForm(request, schema, {
    maxBytes: DOCUMENT_MAX_BODY_BYTES,
    permissions: editor.permissions,
  })
  if ('reply' in form) return form.reply
  const target = editor.target()
  const { user, submission, value } = form
  if (value.intent === 'preview') return previewReply(submission, value as Preview)
  const saving = value as Exclude<z.output<Schema>, { intent: 'preview' }>
  return attempt(submission, () => editor.write(user.id, target, saving), {
    ...editor.context?.(target),
    intent: value.intent,
  })
}

/** The toast after a guide's save, by the button pressed, with its text's warnings. */
export function guideSavedToast(
  intent: GuideIntent,
  saved: { slug: string; status: DocumentStatus; publishAt: Date | null; warnings: readonly Problem[] },
): ToastInput {
  return withWarnings(savedToast(intent, saved), saved.warnings)
}

function savedToast(intent: GuideIntent, saved: { slug: string; status: DocumentStatus; publishAt: Date | null }) {
  switch (intent) {
    case 'publish':
      return { title: 'Guide published', description: `It is at /guides/${saved.slug}.` }
    case 'schedule':
      return { title: `Guide scheduled for ${formatDateTime(saved.publishAt!, getEnv().REFRESH_TZ)}` }
    case 'unpublish':
      return { title: 'Guide unpublished', description: 'Visitors no longer see it.' }
    case 'save':
      return { title: saved.status === 'draft' ? 'Draft saved' : 'Guide saved' }
  }
}

/** A save's toast, with the warnings its text still has (docs/decisions/077): saved, and said with their places. */
export function withWarnings(toast: ToastInput, warnings: readonly Problem[]): ToastInput {
  if (!warnings.length) return toast
  const check = `Check ${listedProblems(warnings)}`
  return { ...toast, description: toast.description ? `${toast.description} ${check}` : check }
}

/** A `date` column (node-pg reads it as local midnight) as the date input's value, "2026-11-26". */
export function calendarDay(date: Date | null): string {
  if (!date) return ''
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}
