import { invariantResponse } from '@epic-web/invariant'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useRevalidator, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { ImportProgress, isFinished, progressText } from '#app/components/admin/amazon-import.tsx'
import { ImportErrorBoundary } from '#app/components/admin/product-import-form.tsx'
import { Link } from '#app/components/link.tsx'
import { Toaster, type ToastMessage } from '#app/components/toaster.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { getImportJob } from '#app/models/import-job.server.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { IMPORT_NOT_FOUND, IMPORT_STARTED } from '#app/schemas/amazon-import.ts'
import { parseId } from '#app/schemas/params.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { db } from '#db/client.ts'

// GET /admin/products/jobs/:id: an import's progress. With JavaScript the page reloads its data every
// 2 seconds until the job ends, then says "Import Complete" or "Import Failed"; without, a Refresh link.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const id = parseId(params.id)
  const job = id === null ? undefined : await getImportJob(db, id)
  invariantResponse(job, IMPORT_NOT_FOUND, { status: 404 })
  return { job }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Import #${data?.job.id ?? ''} | Admin` }]

const POLL_MS = 2_000

export default function ImportJobPage() {
  const { job } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const finished = isFinished(job)
  const [toast, setToast] = useState<ToastMessage | null>(null)
  // Arrived by its own start's redirect (the "Import Started" toast): its end is news even if it came first.
  const startedHere = useRouteLoaderData<typeof rootLoader>('root')?.toast?.title === IMPORT_STARTED
  const wasRunning = useRef(!finished || startedHere)
  // What the page said when it came is read with it; only later progress is announced, and the end by the toast.
  const progress = progressText(job)
  const firstProgress = useRef(progress)
  const news = !finished && progress !== firstProgress.current ? progress : null
  const hydrated = useHydrated()

  useEffect(() => {
    if (finished) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [finished, revalidator])

  useEffect(() => {
    // Only a job seen finishing on this page, or just started from it, gets a toast; an old result is simply shown.
    if (!finished || !wasRunning.current) return
    wasRunning.current = false
    setToast(
      job.status === 'succeeded'
        ? { type: 'success', title: 'Import Complete', description: job.message ?? undefined }
        : { type: 'error', title: 'Import Failed', description: job.message ?? 'An error occurred during import' },
    )
  }, [finished, job.status, job.message])

  const back = `/admin/products?tab=${job.kind === 'bulk' ? 'bulk' : 'import'}`
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">
        {job.kind === 'bulk' ? 'Bulk import' : 'Manual import'} #{job.id}
      </h1>
      <ImportProgress job={job} />
      <p role="status" className="sr-only">
        {news}
      </p>
      <p className="flex gap-4">
        {/* With JavaScript the page follows the job itself: no Refresh, which would vanish (and the focus with it)
            when the job ends. */}
        {finished || hydrated ? null : (
          <Link to={`/admin/products/jobs/${job.id}`} reloadDocument className="font-medium underline">
            Refresh
          </Link>
        )}
        <Link to={back} className="font-medium underline">
          Back to Products
        </Link>
      </p>
      {/* Always rendered: a live region announces a change of its content, not its own arrival. */}
      <Toaster toast={toast} />
    </div>
  )
}

export const ErrorBoundary = ImportErrorBoundary
