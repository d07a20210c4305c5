import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'

// An unknown panel address: a 404 inside the shell for panel users, the home page for everyone else
// (so the panel's addresses cannot be probed without a role).
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  throw new Response('Not found', { status: 404 })
}

export default function AdminNotFound() {
  return null
}
