import { useRouteLoaderData } from '@remix-run/react'
import type { Role } from '#app/lib/permissions.ts'
import type { loader } from '#app/routes/admin.tsx'

/** The signed-in panel user, for pages that disable what their role cannot do (the server checks anyway). */
export function usePanelUser(): { email: string; role: Role } {
  const data = useRouteLoaderData<typeof loader>('routes/admin')
  if (!data) throw new Error('usePanelUser() outside the admin shell')
  return data.user
}
