import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { createImportJob, finishImport } from '#app/models/import-job.server.ts'
import {
  BulkImportSchema,
  IMPORT_STARTED,
  ManualImportSchema,
  type AsinList,
  type ImportKind,
} from '#app/schemas/amazon-import.ts'
import { importBlockedReason } from '#app/services/amazon-api-state.server.ts'
import { db } from '#db/client.ts'
import { attempt, parseForm, Refusal } from './form-reply.server.ts'
import { enqueueForAdmin } from './job-queue.server.ts'
import { requirePanelUser } from './panel-auth.server.ts'
import { redirectWithToast } from './toast.server.ts'

// Starting a manual or bulk import (admin.products_.import, admin.products_.bulk-import): check the list,
// record the job, queue it, and send the visitor to its progress page. A refused list, a queue that is down (503)
// or Amazon's API access withdrawn (409) answers the form with the reason (docs/decisions/037); nothing is started.

/** 5,000 ASINs with separators and some slack. */
const MAX_BODY = 128 * 1024

const SCHEMAS = { manual: ManualImportSchema, bulk: BulkImportSchema } as const

/** The form's own page: where a refused list is shown (after a POST Remix renders this route's loader too). */
export async function importFormLoader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  return null
}

/** The action of the `kind` import's form. */
export const importAction =
  (kind: ImportKind) =>
  async ({ request }: ActionFunctionArgs) => {
    const user = await requirePanelUser(request, 'create')
    const parsed = await parseForm(request, SCHEMAS[kind], MAX_BODY)
    if (parsed.reply) return parsed.reply
    return attempt(parsed.submission, () => startImport(user.id, kind, parsed.value.asins), { kind })
  }

async function startImport(userId: number, kind: ImportKind, list: Extract<AsinList, { ok: true }>) {
  // While Amazon withdraws API access, a job could only fail: the form says why instead (docs/decisions/078).
  const blocked = await importBlockedReason()
  if (blocked) throw new Refusal(409, blocked)
  const importId = await createImportJob(db, { kind, asins: list.asins, createdBy: userId })
  const problem = await enqueueForAdmin('import-products', { importId }, { jobId: `import-${importId}` })
  if (problem) {
    await finishImport(db, importId, { status: 'failed', message: problem })
    throw new Refusal(503, problem)
  }
  const count = `${list.asins.length} ASIN${list.asins.length === 1 ? '' : 's'}`
  const duplicates = list.duplicates ? ` (${list.duplicates} duplicate${list.duplicates === 1 ? '' : 's'} dropped)` : ''
  return redirectWithToast(`/admin/products/jobs/${importId}`, {
    title: IMPORT_STARTED,
    description: `${count}${duplicates}.`,
  })
}
