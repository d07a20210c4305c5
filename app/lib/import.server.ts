import { createImportJob, finishImport } from '#app/models/import-job.server.ts'
import type { AsinList } from '#app/schemas/amazon-import.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { db } from '#db/client.ts'
import { enqueueForAdmin } from './job-queue.server.ts'
import type { PanelUser } from './panel-auth.server.ts'
import { redirectWithToast } from './toast.server.ts'

// Starting a manual or bulk import: check the list, record the job, queue it, and send the visitor to its
// progress page. A refused list or a queue that is down answers the form with the reason; nothing is started.

/** 5,000 ASINs with separators and some slack. */
const MAX_BODY = 128 * 1024

export interface ImportReply {
  /** The title of the failure, for the bulk tool ("Failed to import products"). */
  title?: string
  error: string
  value: string
}

export async function startImport<R>(
  request: Request,
  user: PanelUser,
  kind: 'manual' | 'bulk',
  parse: (text: string) => AsinList,
  reply: (reply: ImportReply, status: number) => R,
): Promise<R | Response> {
  const formData = await readFormData(request, MAX_BODY)
  if (!formData) {
    return reply({ error: 'The list is too long: at most 5,000 ASINs per import.', value: '' }, 413)
  }
  const value = String(formData.get('asins') ?? '')
  const list = parse(value)
  if (!list.ok) return reply({ error: list.error, value }, 400)

  const importId = await createImportJob(db, { kind, asins: list.asins, createdBy: user.id })
  const problem = await enqueueForAdmin('import-products', { importId }, { jobId: `import-${importId}` })
  if (problem) {
    await finishImport(db, importId, { status: 'failed', message: problem })
    return reply({ title: kind === 'bulk' ? 'Failed to import products' : 'Import Failed', error: problem, value }, 503)
  }
  const duplicates = list.duplicates ? ` (${list.duplicates} duplicate${list.duplicates === 1 ? '' : 's'} dropped)` : ''
  return redirectWithToast(
    `/admin/products/jobs/${importId}`,
    {
      title: 'Import Started',
      description: `${list.asins.length} ASIN${list.asins.length === 1 ? '' : 's'}${duplicates}.`,
    },
    { status: 303 },
  )
}
