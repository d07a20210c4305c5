import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormAlert } from '#app/components/admin/auth-page.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can, roleOf, ROLES, type Role } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  AUDIT_ENTITIES,
  listAudit,
  listAuditActors,
  writeAudit,
  type AuditEntity,
  type AuditFilter,
} from '#app/models/audit.server.ts'
import {
  countAdmins,
  findUserById,
  listPanelUsers,
  replaceRole,
  revokePanelAccess,
} from '#app/models/panel-user.server.ts'
import { createPasswordResetToken, deletePasswordResetTokens } from '#app/models/password-reset.server.ts'
import { deleteUserSessions } from '#app/models/session.server.ts'
import { findOrCreateUserByEmail, grantRole, listUserRoles, lockAdmins } from '#app/models/user.server.ts'
import { PanelUserActionSchema, type PanelUserAction } from '#app/schemas/panel-users.ts'
import { idFilter, pageParam } from '#app/schemas/params.ts'
import { describeDiff } from '#app/utils/audit-diff.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { formatDate, formatDateTime } from '#app/utils/format.ts'
import { INVITATION_LINK_HOURS } from '#app/utils/password-links.ts'
import { invitationMail } from '#app/utils/password-reset-mail.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db, type Executor } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'

// /admin/settings: the panel's users, managed by admins only, and the audit trail, which every
// panel role may read. User changes are serialised with `lockAdmins`, so there is always an admin left.

const PAGE_SIZE = 50
const LAST_ADMIN = 'The last admin cannot be removed or demoted.'

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
        added: formatDate(row.createdAt, timeZone),
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

type Refusal = { title: string; message: string }

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePanelUser(request, 'manage-users')
  const refuse = (title: string, message: string, status: number) => data({ title, message } as Refusal, { status })
  const formData = await readFormData(request, 4 * 1024)
  if (!formData) return refuse('Error', 'The form was too large.', 413)
  const parsed = PanelUserActionSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) return refuse('Error', parsed.error.issues[0]?.message ?? 'Invalid form.', 400)

  const form = parsed.data
  try {
    const outcome = await db.transaction().execute((trx) => {
      if (form.intent === 'add-user') return addUser(trx, admin.id, form)
      if (form.intent === 'change-role') return changeRole(trx, admin.id, form)
      return removeUser(trx, admin.id, form)
    })
    if ('refused' in outcome) return refuse(outcome.refused.title, outcome.refused.message, outcome.refused.status)
    return redirectWithToast(
      '/admin/settings',
      { title: outcome.title, description: outcome.description },
      { status: 303 },
    )
  } catch (error) {
    logger.error({ err: error, intent: form.intent }, 'panel user not changed')
    const failed = {
      'add-user': 'Failed to add user.',
      'change-role': 'Failed to change role.',
      'remove-user': 'Failed to remove user.',
    }
    return refuse('Error', failed[form.intent], 503)
  }
}

type Refused = { refused: Refusal & { status: number } }
type Outcome = { title: string; description: string } | Refused

async function addUser(
  trx: Executor,
  actorId: number,
  form: Extract<PanelUserAction, { intent: 'add-user' }>,
): Promise<Outcome> {
  const user = await findOrCreateUserByEmail(trx, form.email)
  if ((await listUserRoles(trx, user.id)).length > 0) {
    return {
      refused: {
        title: 'Error',
        message: `${user.email} is already a panel user. Change their role instead.`,
        status: 409,
      },
    }
  }
  await grantRole(trx, user.id, form.role)
  await writeAudit(trx, {
    actorId,
    entityType: 'USER',
    entityId: user.id,
    action: 'ADD_USER',
    diff: { email: user.email, role: { from: null, to: form.role } },
  })
  const token = await createPasswordResetToken(trx, user.id, INVITATION_LINK_HOURS * 3600)
  // Queued last: if it fails, nothing above is kept; if the commit fails after it, the mailed link finds no row.
  await enqueue('send-mail', invitationMail(user.email, token, form.role))
  return { title: 'User added', description: `We sent ${user.email} a link to set their password.` }
}

/**
 * The user and their role, with the set of admins locked until the transaction ends. Refused for a user
 * without a role, and when the change would take the admin role from the last admin.
 */
async function currentRole(
  trx: Executor,
  userId: number,
  { dropsAdmin }: { dropsAdmin: boolean },
): Promise<Refused | { user: { id: number; email: string }; role: Role }> {
  await lockAdmins(trx)
  const user = await findUserById(trx, userId)
  const role = user ? roleOf(await listUserRoles(trx, userId)) : null
  if (!user || !role) return { refused: { title: 'Error', message: 'That user is not a panel user.', status: 404 } }
  if (role === 'admin' && dropsAdmin && (await countAdmins(trx)) <= 1) {
    return { refused: { title: 'Error', message: LAST_ADMIN, status: 409 } }
  }
  return { user, role }
}

async function changeRole(
  trx: Executor,
  actorId: number,
  form: Extract<PanelUserAction, { intent: 'change-role' }>,
): Promise<Outcome> {
  const current = await currentRole(trx, form.userId, { dropsAdmin: form.role !== 'admin' })
  if ('refused' in current) return current
  const { user, role } = current
  if (role !== form.role) {
    await replaceRole(trx, user.id, form.role)
    await writeAudit(trx, {
      actorId,
      entityType: 'USER',
      entityId: user.id,
      action: 'CHANGE_ROLE',
      diff: { role: { from: role, to: form.role } },
    })
  }
  return { title: 'Role updated', description: `${user.email} is now ${form.role}.` }
}

async function removeUser(
  trx: Executor,
  actorId: number,
  form: Extract<PanelUserAction, { intent: 'remove-user' }>,
): Promise<Outcome> {
  const current = await currentRole(trx, form.userId, { dropsAdmin: true })
  if ('refused' in current) return current
  const { user, role } = current
  await revokePanelAccess(trx, user.id)
  await deleteUserSessions(trx, user.id, { kind: 'panel' })
  await deletePasswordResetTokens(trx, user.id)
  await writeAudit(trx, {
    actorId,
    entityType: 'USER',
    entityId: user.id,
    action: 'REMOVE_USER',
    diff: { email: user.email, role: { from: role, to: null } },
  })
  return { title: 'User removed', description: `${user.email} can no longer use the admin panel.` }
}

export const meta: MetaFunction = () => [{ title: 'Settings | Admin' }]

const cellClass = 'px-3 py-2 align-top'
const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100'
const selectClass = 'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm'

export default function Settings() {
  const { users } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      {users ? <UsersSection /> : null}
      <AuditSection />
    </div>
  )
}

function UsersSection() {
  const { users, currentUserId } = useLoaderData<typeof loader>()
  const refusal = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <section aria-labelledby="users-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="users-heading" className="text-xl font-semibold">
        Users
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Admins manage everything, editors curate without deleting, viewers only look. There is always at least one
        admin.
      </p>
      <div className="mt-4">{refusal ? <FormAlert title={refusal.title} message={refusal.message} /> : null}</div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Panel users</caption>
          <thead className="border-b border-slate-300 text-slate-700">
            <tr>
              <th scope="col" className={cellClass}>
                Email
              </th>
              <th scope="col" className={cellClass}>
                Role
              </th>
              <th scope="col" className={cellClass}>
                Added
              </th>
              <th scope="col" className={cellClass}>
                Remove
              </th>
            </tr>
          </thead>
          <tbody>
            {users!.map((user) => (
              <tr key={user.id} className="border-b border-slate-100">
                <td className={cellClass}>
                  {user.email}
                  {user.id === currentUserId ? <span className="text-slate-600"> (you)</span> : null}
                </td>
                <td className={cellClass}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="change-role" />
                    <input type="hidden" name="userId" value={user.id} />
                    <label htmlFor={`role-${user.id}`} className="sr-only">
                      Role of {user.email}
                    </label>
                    <select id={`role-${user.id}`} name="role" defaultValue={user.role} className={selectClass}>
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                    <button type="submit" disabled={busy} className={smallButtonClass}>
                      Change role<span className="sr-only"> of {user.email}</span>
                    </button>
                  </Form>
                </td>
                <td className={cellClass}>{user.added}</td>
                <td className={cellClass}>
                  {/* A second step without JavaScript: the confirmation button sits inside a disclosure. */}
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold text-red-800 underline">
                      Remove<span className="sr-only"> {user.email}</span>
                    </summary>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="remove-user" />
                      <input type="hidden" name="userId" value={user.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded-md bg-red-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-900"
                      >
                        Confirm removal<span className="sr-only"> of {user.email}</span>
                      </button>
                    </Form>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-6 text-lg font-semibold">Add a user</h3>
      <p className="mt-1 text-sm text-slate-700">
        They receive an e-mail with a link to set their password, valid for {INVITATION_LINK_HOURS} hours.
      </p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add-user" />
        <div>
          <label htmlFor="new-user-email" className="block text-sm font-medium">
            Email
          </label>
          <input
            id="new-user-email"
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="off"
            className="mt-1 block w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5"
          />
        </div>
        <div>
          <label htmlFor="new-user-role" className="block text-sm font-medium">
            Role
          </label>
          <select id="new-user-role" name="role" defaultValue="editor" className={`mt-1 block ${selectClass}`}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          Add user
        </button>
      </Form>
    </section>
  )
}

function AuditSection() {
  const { audit, filter, actors, entities } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="audit-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="audit-heading" className="text-xl font-semibold">
        Audit log
      </h2>
      <Form method="get" aria-label="Filter the audit log" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-entity" className="block text-sm font-medium">
            Entity
          </label>
          <select id="audit-entity" name="entity" defaultValue={filter.entity} className={`mt-1 block ${selectClass}`}>
            <option value="">All entities</option>
            {entities.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium">
            Actor
          </label>
          <select id="audit-actor" name="actor" defaultValue={filter.actor} className={`mt-1 block ${selectClass}`}>
            <option value="">All actors</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.email}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={smallButtonClass}>
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">
        {audit.total === 1 ? '1 entry' : `${audit.total.toLocaleString('en-US')} entries`}
      </p>
      {audit.entries.length > 0 ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className={cellClass}>
                  Time
                </th>
                <th scope="col" className={cellClass}>
                  Actor
                </th>
                <th scope="col" className={cellClass}>
                  Entity
                </th>
                <th scope="col" className={cellClass}>
                  Action
                </th>
                <th scope="col" className={cellClass}>
                  Changes
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.entries.map((entry) => (
                <tr key={entry.id} className="border-b border-slate-100">
                  <td className={`${cellClass} whitespace-nowrap`}>{entry.when}</td>
                  <td className={cellClass}>{entry.actor ?? '—'}</td>
                  <td className={cellClass}>{entry.entity}</td>
                  <td className={cellClass}>{entry.action}</td>
                  <td className={`${cellClass} font-mono text-xs break-all`}>
                    {entry.changes.map((line, index) => (
                      <div key={index}>{line}</div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination page={audit.page} pageCount={audit.pageCount} />
    </section>
  )
}
