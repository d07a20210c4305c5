import { useRouteLoaderData } from '@remix-run/react'
import { can, type Role } from '#app/lib/permissions.ts'
import type { loader } from '#app/routes/admin.tsx'

/** The signed-in panel user, for pages that disable what their role cannot do (the server checks anyway). */
export function usePanelUser(): { email: string; role: Role } {
  const data = useRouteLoaderData<typeof loader>('routes/admin')
  if (!data) throw new Error('usePanelUser() outside the admin shell')
  return data.user
}

/** What the signed-in user's role may do to a list's records (SPEC §6): add, edit, delete. */
export function useRecordPermissions() {
  const { role } = usePanelUser()
  return { create: can(role, 'create'), edit: can(role, 'edit'), delete: can(role, 'delete') }
}
