import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { enqueueForAdmin } from '#app/lib/job-queue.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import { db } from '#db/client.ts'

// POST /admin/products/refresh: "Run refresh now", admins only. The refresh runs as the queued job; a second
// press while one is waiting or running is the same job (BullMQ deduplication).

const BACK = '/admin/products?tab=bulk'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  return redirect(BACK)
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'run-refresh')
  const problem = await enqueueForAdmin(
    'refresh-products',
    { trigger: 'admin' },
    { deduplication: { id: 'refresh-now' } },
  )
  if (problem) {
    return redirectWithToast(BACK, { type: 'error', title: 'Refresh not started', description: problem })
  }
  await writeAudit(db, { actorId: user.id, entityType: 'REFRESH', entityId: null, action: 'RUN_NOW' })
  return redirectWithToast(BACK, { title: 'Refresh started', description: 'Its progress shows under Nightly refresh.' })
}
