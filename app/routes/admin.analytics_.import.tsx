import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AdminTable } from '#app/components/admin/admin-table.tsx'
import { primaryButtonClass } from '#app/components/admin/styles.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FormErrors } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { NOT_SAVED, refuse, type FormReply } from '#app/lib/form-reply.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { ReportError } from '#app/lib/report-cells.server.ts'
import { receiveReport } from '#app/lib/report-upload.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { listImports } from '#app/models/associates-import.server.ts'
import { IMPORT_STARTED } from '#app/schemas/amazon-import.ts'
import { MAX_REPORT_MB, REPORT_FIELD } from '#app/schemas/associates-report.ts'
import { startImportRun } from '#app/services/associates-import-run.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { db } from '#db/client.ts'

// /admin/analytics/import (docs/decisions/080): an admin uploads Associates Central's earnings or orders report;
// the file is checked up to its header row here, then imported while its progress page follows it. Below, the
// imports so far. A plain multipart form: it works without JavaScript.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'manage-settings')
  const imports = await listImports(db)
  return data({ imports, timeZone: getEnv().REFRESH_TZ }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request }: ActionFunctionArgs) {
  // Before a byte of the upload is read (docs/decisions/018).
  const user = await requirePanelUser(request, 'manage-settings')
  try {
    const file = await receiveReport(request)
    const runId = await startImportRun(file, user.id)
    return redirectWithToast(`/admin/analytics/import/${runId}`, { title: IMPORT_STARTED })
  } catch (error) {
    if (error instanceof ReportError) return refuse(error.message, error.status)
    logger.error({ err: error }, 'report import not started')
    return refuse(NOT_SAVED, 503)
  }
}

export const meta: MetaFunction = () => [{ title: 'Import Associates reports | Admin' }]

export default function ImportReports() {
  const { imports, timeZone } = useLoaderData<typeof loader>()
  const reply = useActionData<FormReply>()
  const uploading = useNavigation().state === 'submitting'
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold">Import Associates reports</h1>
      <p className="text-sm text-slate-700">
        Download the earnings report or the orders report from Associates Central (Reports, then Download, as CSV or
        TSV) and import it as it is, up to {MAX_REPORT_MB} MB. Importing a period again replaces the rows of that
        period; a file with a bad row is refused whole, with the row’s line.
      </p>
      <Form method="post" encType="multipart/form-data" className="rounded-lg border bg-white p-4">
        <FormErrors id="report-errors" errors={reply?.error?.['']} title="The report was not imported" />
        <label htmlFor="report-file" className="block text-sm font-medium">
          Report file (CSV or TSV)
        </label>
        <input
          id="report-file"
          type="file"
          name={REPORT_FIELD}
          required
          accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
          aria-describedby={reply?.error ? 'report-errors' : undefined}
          className="mt-1 block w-full text-sm"
        />
        <StatusButton pending={uploading} pendingText="Uploading..." className={`mt-3 ${primaryButtonClass}`}>
          Import
        </StatusButton>
      </Form>
      <section aria-labelledby="imports-heading" className="space-y-3">
        <h2 id="imports-heading" className="text-xl font-semibold">
          Imports
        </h2>
        {imports.length === 0 ? (
          <p className="text-sm text-slate-700">No report has been imported yet.</p>
        ) : (
          <AdminTable
            caption="Imported reports, newest first"
            headings={['Report', 'Period', 'Rows', 'File', 'Imported by', 'Imported']}
          >
            {imports.map((row) => (
              <tr key={row.id}>
                <td className="px-4 py-3">{row.report === 'earnings' ? 'Earnings' : 'Orders'}</td>
                <td className="px-4 py-3">
                  {row.from} to {row.to}
                </td>
                <td className="px-4 py-3 tabular-nums">{row.rows.toLocaleString('en-US')}</td>
                <td className="px-4 py-3 break-all">{row.file_name}</td>
                <td className="px-4 py-3">{row.importedBy ?? 'A removed user'}</td>
                <td className="px-4 py-3">{formatDateTime(new Date(row.imported_at), timeZone)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <Link to="/admin/analytics" className="font-medium underline">
        Back to Analytics
      </Link>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin', label: 'Back to Dashboard' }} />
}
