import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { logger } from '#app/lib/logger.server.ts'
import { endSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'

// Logout is a POST (a link or prefetch must never sign anyone out); the session row is deleted. Posted from
// the panel's account menu, it has no page of its own: a failure goes back with SPEC §8's toast.

export function loader() {
  return redirect('/admin')
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    const cookie = await endSession(request, 'panel')
    return redirectWithToast('/admin/login', { title: 'Logged out' }, { headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    logger.error({ err: error }, 'logout failed')
    return redirectWithToast('/admin', { type: 'error', title: 'Logout failed' })
  }
}
