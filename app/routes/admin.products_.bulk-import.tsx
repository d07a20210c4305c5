import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { BulkImportForm } from '#app/components/admin/amazon-import.tsx'
import { Link } from '#app/components/link.tsx'
import { startImport } from '#app/lib/import.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { parseBulkAsins } from '#app/schemas/amazon-import.ts'

// POST /admin/products/bulk-import: one ASIN per line, run as a job whose progress page the visitor goes to.

export async function loader({ request }: LoaderFunctionArgs) {
  // The form's own page: where a refused list is shown (after a POST Remix renders this route's loader too).
  await requirePanelUser(request, 'view')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'create')
  return startImport(request, user, 'bulk', parseBulkAsins, (reply, status) => data(reply, { status }))
}

export const meta: MetaFunction = () => [{ title: 'Bulk import | Admin' }]

export default function BulkImportPage() {
  const reply = useActionData<typeof action>()
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">Bulk import</h1>
      {reply?.title ? (
        <p role="alert" className="font-semibold text-red-700">
          {reply.title}
        </p>
      ) : null}
      <BulkImportForm error={reply?.error} defaultValue={reply?.value} />
      <Link to="/admin/products?tab=bulk" className="font-medium underline">
        Back to Products
      </Link>
    </div>
  )
}
