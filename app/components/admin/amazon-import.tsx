import { Form } from '@remix-run/react'
import { useIsPending } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import { PanelCard } from './panel-card.tsx'
import { AsinImportForm, buttonClass } from './product-import-form.tsx'

// The Manual Import tab, the bulk import and refresh sections of Bulk Tools, and the progress of an import.
// Forms that post to their own routes (the ASIN lists: product-import-form.tsx; _.refresh): they work
// without JavaScript, and the progress page (admin.products_.jobs.$id) follows the job.

export interface ImportSummary {
  id: number
  kind: 'manual' | 'bulk'
  status: 'queued' | 'running' | 'succeeded' | 'failed'
  total: number
  done: number
  imported: number
  created: number
  failed: number
  failures: { asin: string; message: string }[]
  message: string | null
  created_at: Date | string
  finished_at: Date | string | null
}

export interface RefreshSummary {
  refresh_date: Date | string
  status: 'running' | 'succeeded' | 'partial' | 'failed'
  total: number
  updated_count: number
  failed_count: number
  message: string | null
  finished_at: Date | string | null
}

const STATUS_LABEL: Record<ImportSummary['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  succeeded: 'Import Complete',
  failed: 'Import Failed',
}

export function percentOf(job: Pick<ImportSummary, 'done' | 'total'>): number {
  return job.total ? Math.floor((job.done / job.total) * 100) : 100
}

/** "Importing: 3 of 12 ASINs processed (25%)": where a job stands, in words. */
export function progressText(job: Pick<ImportSummary, 'status' | 'done' | 'total'>): string {
  return `${STATUS_LABEL[job.status]}: ${job.done} of ${job.total} ASINs processed (${percentOf(job)}%)`
}

export function isFinished(job: Pick<ImportSummary, 'status'>): boolean {
  return job.status === 'succeeded' || job.status === 'failed'
}

export function RecentImports({ jobs, timeZone }: { jobs: ImportSummary[]; timeZone: string }) {
  if (jobs.length === 0) return null
  return (
    <div>
      <h3 className="font-semibold">Recent imports</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {jobs.map((job) => (
          <li key={job.id}>
            <Link to={`/admin/products/jobs/${job.id}`} className="font-medium underline">
              Import #{job.id}
            </Link>{' '}
            — {formatDateTime(new Date(job.created_at), timeZone)}: {STATUS_LABEL[job.status]}, {job.done}/{job.total} (
            {percentOf(job)}%)
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The progress and, once finished, the Import result {total, imported, skipped, message}. */
export function ImportProgress({ job }: { job: ImportSummary }) {
  const percent = percentOf(job)
  const finished = isFinished(job)
  const shownFailures = job.failures.slice(0, 200)
  return (
    <section
      aria-labelledby="import-progress-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="import-progress-heading" className="text-xl font-semibold">
        {STATUS_LABEL[job.status]}
      </h2>
      <div>
        <label htmlFor="import-progress" className="text-sm font-medium">
          {job.done} of {job.total} ASINs processed ({percent}%)
        </label>
        <progress id="import-progress" max={job.total} value={job.done} className="mt-1 block h-3 w-full">
          {percent}%
        </progress>
      </div>
      {finished ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Total</dt>
          <dd>{job.total}</dd>
          <dt className="font-medium">Imported</dt>
          <dd>{job.imported}</dd>
          <dt className="font-medium">Skipped</dt>
          <dd>{job.total - job.imported}</dd>
          <dt className="font-medium">Message</dt>
          <dd>{job.message ?? 'An error occurred during import'}</dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">
          Imported so far: {job.imported}; failed: {job.failed}.
        </p>
      )}
      {shownFailures.length ? (
        <div>
          <h3 className="font-semibold">Failures ({job.failed})</h3>
          <ul className="mt-2 max-h-80 list-disc space-y-1 overflow-y-auto pl-5 text-sm">
            {shownFailures.map((failure, index) => (
              <li key={`${failure.asin}-${index}`}>
                <span className="font-mono">{failure.asin}</span>: {failure.message}
              </li>
            ))}
          </ul>
          {job.failures.length > shownFailures.length ? (
            <p className="mt-1 text-sm">and {job.failures.length - shownFailures.length} more.</p>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}

const REFRESH_ACTION = '/admin/products/refresh'

const REFRESH_LABEL: Record<RefreshSummary['status'], string> = {
  running: 'Running',
  succeeded: 'Succeeded',
  partial: 'Partly succeeded',
  failed: 'Failed',
}

export function RefreshStatus({
  latest,
  canRefresh,
  timeZone,
}: {
  latest: RefreshSummary | null
  canRefresh: boolean
  timeZone: string
}) {
  const refreshing = useIsPending({ formAction: REFRESH_ACTION })
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Nightly refresh</h3>
      <p className="text-sm text-slate-700">
        Prices, images and ratings are refreshed from Amazon every day at 3:15 AM.
      </p>
      {latest ? (
        <p className="text-sm">
          Last run {formatDateTime(new Date(latest.refresh_date), timeZone)}: {REFRESH_LABEL[latest.status]}
          {latest.status === 'running'
            ? ` (${latest.updated_count + latest.failed_count} of ${latest.total})`
            : ''}. {latest.message}
        </p>
      ) : (
        <p className="text-sm">No refresh has run yet.</p>
      )}
      <Form method="post" action={REFRESH_ACTION}>
        <StatusButton
          pending={refreshing}
          disabled={!canRefresh}
          aria-describedby={canRefresh ? undefined : 'refresh-admin-only'}
          className={buttonClass}
        >
          Run refresh now
        </StatusButton>
        {canRefresh ? null : (
          <p id="refresh-admin-only" className="mt-1 text-sm text-slate-700">
            Only an admin can run the refresh.
          </p>
        )}
      </Form>
    </div>
  )
}

export function ManualImportTab({
  jobs,
  timeZone,
  canImport,
}: {
  jobs: ImportSummary[]
  timeZone: string
  canImport: boolean
}) {
  return (
    <PanelCard id="import-heading" title="Manual Import" className="space-y-4 p-6">
      <AsinImportForm kind="manual" disabled={!canImport} />
      <RecentImports jobs={jobs} timeZone={timeZone} />
    </PanelCard>
  )
}

export function BulkImportSection({
  jobs,
  latestRefresh,
  timeZone,
  canImport,
  canRefresh,
}: {
  jobs: ImportSummary[]
  latestRefresh: RefreshSummary | null
  timeZone: string
  canImport: boolean
  canRefresh: boolean
}) {
  return (
    <section
      aria-labelledby="bulk-import-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="bulk-import-heading" className="text-xl font-semibold">
        Bulk import
      </h2>
      <AsinImportForm kind="bulk" disabled={!canImport} />
      <RecentImports jobs={jobs} timeZone={timeZone} />
      <RefreshStatus latest={latestRefresh} canRefresh={canRefresh} timeZone={timeZone} />
    </section>
  )
}
