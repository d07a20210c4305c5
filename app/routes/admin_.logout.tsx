import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { logger } from '#app/lib/logger.server.ts'
import { endSession } from '#app/lib/session.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'

// Logout is a POST (a link or prefetch must never sign anyone out); the session row is deleted.

export function loader() {
  return redirect('/admin')
}

export async function action({ request }: ActionFunctionArgs) {
  try {
    const cookie = await endSession(request, 'panel')
    return redirectWithToast(
      '/admin/login',
      { title: 'Logged out' },
      { status: 303, headers: { 'Set-Cookie': cookie } },
    )
  } catch (error) {
    logger.error({ err: error }, 'logout failed')
    return redirectWithToast('/admin', { type: 'error', title: 'Logout failed' }, { status: 303 })
  }
}
