import { invariantResponse } from '@epic-web/invariant'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { getRun } from '#app/models/associates-import.server.ts'
import { parseId } from '#app/schemas/params.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { db } from '#db/client.ts'

// GET /admin/analytics/import/:id: a report import's progress (docs/decisions/080). With JavaScript the page reloads
// its data every second until the import ends; without, a Refresh link. A run whose process ended mid-import (no
// progress for two minutes) is shown as stopped: its transaction never committed, so nothing was written.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'manage-settings')
  const id = parseId(params.id)
  const run = id === null ? undefined : await getRun(db, id)
  invariantResponse(run, 'No such import.', { status: 404 })
  const status = run.stale ? ('failed' as const) : (run.status as 'running' | 'succeeded' | 'failed')
  const message = run.stale
    ? 'The import stopped before it ended, so nothing was written. Import the file again.'
    : run.message
  const percent =
    run.bytes_total > 0 ? Math.min(100, Math.floor((Number(run.bytes_read) * 100) / Number(run.bytes_total))) : 0
  return data(
    { id: run.id, fileName: run.file_name, status, message, rows: run.rows_read, percent },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Report import #${data?.id ?? ''} | Admin` }]

const POLL_MS = 1_000

export default function ImportRunPage() {
  const run = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const hydrated = useHydrated()
  const running = run.status === 'running'

  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [running, revalidator])

  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">
        Report import #{run.id}: <span className="break-all">{run.fileName}</span>
      </h1>
      {running ? (
        <div className="space-y-2">
          <label htmlFor="import-progress" className="block font-medium">
            Importing: {run.rows.toLocaleString('en-US')} rows read
          </label>
          <progress id="import-progress" max={100} value={run.percent} className="w-full">
            {run.percent}%
          </progress>
        </div>
      ) : null}
      {/* Always rendered: a live region announces a change of its content, not its own arrival. */}
      <div role="status">
        {run.status === 'succeeded' ? (
          <p className="rounded-md border border-green-700 bg-green-50 p-3 text-green-900">
            <strong>Import Complete.</strong> {run.message}
          </p>
        ) : run.status === 'failed' ? (
          <div className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            <p className="font-semibold">Import Failed: nothing was written.</p>
            <p>{run.message}</p>
          </div>
        ) : null}
      </div>
      <p className="flex gap-4">
        {/* With JavaScript the page follows the import itself. */}
        {running && !hydrated ? (
          <Link to={`/admin/analytics/import/${run.id}`} reloadDocument className="font-medium underline">
            Refresh
          </Link>
        ) : null}
        <Link to="/admin/analytics/import" className="font-medium underline">
          Back to imports
        </Link>
      </p>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin/analytics/import', label: 'Back to imports' }} />
}
