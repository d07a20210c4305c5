import { Form } from '@remix-run/react'
import { Link } from '#app/components/link.tsx'
import { formatDateTime } from '#app/utils/format.ts'

// The Manual Import tab, the bulk import and refresh sections of Bulk Tools, and the progress of an import.
// Plain forms that post to their own routes (admin.products_.import, _.bulk-import, _.refresh): they work
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

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 font-mono text-sm aria-[invalid=true]:border-red-700'
const buttonClass =
  'rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50'

export function ManualImportForm({ error, defaultValue, disabled }: FormProps) {
  return (
    <Form method="post" action="/admin/products/import" className="space-y-3">
      <div>
        <label htmlFor="manual-asins" className="font-medium">
          ASINs
        </label>
        <p id="manual-asins-hint" className="text-sm text-slate-700">
          Separate them with spaces, commas or new lines. New products are hidden until you curate them; known ones get
          Amazon&apos;s current price, images and rating.
        </p>
        <textarea
          id="manual-asins"
          name="asins"
          rows={4}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'manual-asins-hint manual-asins-error' : 'manual-asins-hint'}
          className={inputClass}
        />
        {error ? (
          <p id="manual-asins-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={disabled} className={buttonClass}>
        Import
      </button>
    </Form>
  )
}

interface FormProps {
  error?: string | null
  defaultValue?: string
  disabled?: boolean
}

export function BulkImportForm({ error, defaultValue, disabled }: FormProps) {
  return (
    <Form method="post" action="/admin/products/bulk-import" className="space-y-3">
      <div>
        <label htmlFor="bulk-asins" className="font-medium">
          ASINs, one per line
        </label>
        <p id="bulk-asins-hint" className="text-sm text-slate-700">
          Up to 5,000 lines. The import runs in the background at Amazon&apos;s pace (10 products a second); its
          progress page shows how far it got and what failed.
        </p>
        <textarea
          id="bulk-asins"
          name="asins"
          rows={8}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bulk-asins-hint bulk-asins-error' : 'bulk-asins-hint'}
          className={inputClass}
        />
        {error ? (
          <p id="bulk-asins-error" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={disabled} className={buttonClass}>
        Start bulk import
      </button>
    </Form>
  )
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
      <Form method="post" action="/admin/products/refresh">
        <button
          type="submit"
          disabled={!canRefresh}
          aria-describedby={canRefresh ? undefined : 'refresh-admin-only'}
          className={buttonClass}
        >
          Run refresh now
        </button>
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
    <section aria-labelledby="import-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6">
      <h2 id="import-heading" className="text-xl font-semibold">
        Manual Import
      </h2>
      <ManualImportForm disabled={!canImport} />
      <RecentImports jobs={jobs} timeZone={timeZone} />
    </section>
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
      <BulkImportForm disabled={!canImport} />
      <RecentImports jobs={jobs} timeZone={timeZone} />
      <RefreshStatus latest={latestRefresh} canRefresh={canRefresh} timeZone={timeZone} />
    </section>
  )
}
