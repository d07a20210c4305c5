import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AuditSection } from '#app/components/admin/audit-section.tsx'
import { UsersSection } from '#app/components/admin/users-section.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { attempt, parseForm } from '#app/lib/form-reply.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  AUDIT_ENTITIES,
  listAudit,
  listAuditActors,
  type AuditEntity,
  type AuditFilter,
} from '#app/models/audit.server.ts'
import { listPanelUsers } from '#app/models/panel-user.server.ts'
import { PANEL_USER_MAX_BODY_BYTES, PanelUserActionSchema, type PanelUserAction } from '#app/schemas/panel-users.ts'
import { idFilter, pageParam } from '#app/schemas/params.ts'
import { addPanelUser, changePanelRole, removePanelUser } from '#app/services/panel-user.server.ts'
import { describeDiff } from '#app/utils/audit-diff.ts'
import { formatDate, formatDateTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/settings: the panel's users, managed by admins only ('manage-users'), and the audit trail, which
// every panel role may read. The writes are app/services/panel-user.server.ts.

const PAGE_SIZE = 50

/** The audit filters in the address; one that cannot be a filter is "all". */
function auditFilterFrom(params: URLSearchParams): AuditFilter & { page: number } {
  const entity = params.get('entity')
  return {
    entityType: AUDIT_ENTITIES.includes(entity as AuditEntity) ? (entity as AuditEntity) : undefined,
    actorId: idFilter.parse(params.get('actor') ?? undefined),
    page: pageParam(100_000).parse(params.get('page') ?? undefined),
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request)
  const { page, ...filter } = auditFilterFrom(requestUrl(request).searchParams)
  const timeZone = getEnv().REFRESH_TZ
  const [audit, actors, users] = await Promise.all([
    listAudit(db, filter, { page, pageSize: PAGE_SIZE }),
    listAuditActors(db),
    can(user.role, 'manage-users') ? listPanelUsers(db) : null,
  ])
  return {
    currentUserId: user.id,
    users:
      users?.map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        added: formatDate(row.created_at, timeZone),
      })) ?? null,
    audit: {
      total: audit.total,
      page,
      pageCount: Math.max(1, Math.ceil(audit.total / PAGE_SIZE)),
      entries: audit.entries.map((entry) => ({
        id: String(entry.id),
        when: formatDateTime(entry.created_at, timeZone),
        actor: entry.actor_email,
        entity: entry.entity_id === null ? entry.entity_type : `${entry.entity_type} ${entry.entity_id}`,
        action: entry.action,
        changes: describeDiff(entry.diff),
      })),
    },
    filter: { entity: filter.entityType ?? '', actor: filter.actorId ? String(filter.actorId) : '' },
    actors,
    entities: AUDIT_ENTITIES,
  }
}

export async function action({ request }: ActionFunctionArgs) {
  // Every intent needs the same permission: checked before anything in the form is looked at.
  const admin = await requirePanelUser(request, 'manage-users')
  const form = await parseForm(request, PanelUserActionSchema, PANEL_USER_MAX_BODY_BYTES)
  if ('reply' in form) return form.reply
  return attempt(form.submission, () => write(admin.id, form.value), { intent: form.value.intent })
}

/** One function per intent: the write, then back to the page with its toast. */
async function write(actorId: number, form: PanelUserAction) {
  switch (form.intent) {
    case 'add-user': {
      const { email } = await addPanelUser(actorId, form)
      return redirectWithToast('/admin/settings', {
        title: 'User added',
        description: `We sent ${email} a link to set their password.`,
      })
    }
    case 'change-role': {
      const { email } = await changePanelRole(actorId, form.userId, form.role)
      return redirectWithToast('/admin/settings', {
        title: 'Role updated',
        description: `${email} is now ${form.role}.`,
      })
    }
    case 'remove-user': {
      const { email } = await removePanelUser(actorId, form.userId)
      return redirectWithToast('/admin/settings', {
        title: 'User removed',
        description: `${email} can no longer use the admin panel.`,
      })
    }
  }
}

export const meta: MetaFunction = () => [{ title: 'Settings | Admin' }]

export default function Settings() {
  const { users, currentUserId, audit, filter, actors, entities } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      {users ? <UsersSection users={users} currentUserId={currentUserId} reply={reply} /> : null}
      <AuditSection audit={audit} filter={filter} actors={actors} entities={entities} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin', label: 'Back to Dashboard' }} />
}
