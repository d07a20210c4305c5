import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { getEnv, sessionSecret } from './env.server.ts'

/**
 * One-time messages carried across a redirect in a signed cookie (DESIGN.md §5 "toasts"): the page the
 * visitor lands on shows them, with or without JavaScript, and clears the cookie.
 */

export const ToastSchema = z.object({
  type: z.enum(['success', 'error']).default('success'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

const TOAST_KEY = 'toast' as const

type ToastData = { [TOAST_KEY]: Toast }

let storage: ReturnType<typeof createCookieSessionStorage<ToastData, ToastData>> | undefined
function toastStorage() {
  storage ??= createCookieSessionStorage<ToastData, ToastData>({
    cookie: {
      name: 'cv_toast',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: getEnv().SITE_URL.startsWith('https:'),
      secrets: [sessionSecret()],
    },
  })
  return storage
}

/** The Set-Cookie header that makes the next page (or the revalidation after a fetcher) show the toast. */
export async function toastCookie(toast: ToastInput): Promise<string> {
  const session = await toastStorage().getSession()
  session.flash(TOAST_KEY, ToastSchema.parse(toast))
  return toastStorage().commitSession(session)
}

/** A redirect that shows `toast` on the page it lands on; 303, so the browser follows a POST with a GET. */
export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastCookie(toast))
  return redirect(url, { status: 303, ...init, headers })
}

/** The waiting toast, if any, and the header that clears it. Costs nothing for requests without the cookie. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const cookie = request.headers.get('cookie')
  if (!cookie?.includes('cv_toast=')) return { toast: null, headers: {} }
  const session = await toastStorage().getSession(cookie)
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY))
  return {
    toast: parsed.success ? parsed.data : null,
    headers: { 'Set-Cookie': await toastStorage().destroySession(session) },
  }
}
