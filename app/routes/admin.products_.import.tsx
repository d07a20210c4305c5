import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { ManualImportForm } from '#app/components/admin/amazon-import.tsx'
import { Link } from '#app/components/link.tsx'
import { startImport } from '#app/lib/import.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { parseManualAsins } from '#app/schemas/amazon-import.ts'

// POST /admin/products/import: Manual Import. The job runs in the background and the visitor goes to its
// progress page; a refused list comes back here, with the message beside the field (with or without JavaScript).

export async function loader({ request }: LoaderFunctionArgs) {
  // The form's own page: where a refused list is shown (after a POST Remix renders this route's loader too).
  await requirePanelUser(request, 'view')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'create')
  return startImport(request, user, 'manual', parseManualAsins, (reply, status) => data(reply, { status }))
}

export const meta: MetaFunction = () => [{ title: 'Manual Import | Admin' }]

export default function ManualImportPage() {
  const reply = useActionData<typeof action>()
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">Manual Import</h1>
      <ManualImportForm error={reply?.error} defaultValue={reply?.value} />
      <Link to="/admin/products?tab=import" className="font-medium underline">
        Back to Products
      </Link>
    </div>
  )
}
