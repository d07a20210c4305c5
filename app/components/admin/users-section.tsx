import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, intentOf, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { ROLES, type Role } from '#app/lib/permissions.ts'
import {
  AddUserSchema,
  ChangeRoleSchema,
  PANEL_USER_FAILED,
  RemoveUserSchema,
  type PanelUserIntent,
} from '#app/schemas/panel-users.ts'
import { INVITATION_LINK_HOURS } from '#app/utils/password-links.ts'
import { AdminTable } from './admin-table.tsx'
import { PanelCard } from './panel-card.tsx'
import { cellClass, selectClass, smallButtonClass } from './settings-table.tsx'

// The users section of /admin/settings (admins only): a row per panel user with its role form and a
// two-step removal, and the add-user form. Every form posts to the page's action, told apart by its intent.

export interface PanelUserItem {
  id: number
  email: string
  role: Role
  added: string
}

const USER_COLUMNS = ['Email', 'Role', 'Added', 'Remove']

type Reply = SubmissionResult<string[]> | undefined

const isIntent = (value: string | null): value is PanelUserIntent =>
  value !== null && Object.hasOwn(PANEL_USER_FAILED, value)

export function UsersSection({
  users,
  currentUserId,
  reply,
}: {
  users: PanelUserItem[]
  currentUserId: number
  reply: Reply
}) {
  const replied = intentOf(reply)
  return (
    <PanelCard id="users-heading" title="Users">
      <p className="mt-1 text-sm text-slate-700">
        Admins manage everything, editors curate without deleting, viewers only look. There is always at least one
        admin.
      </p>
      {/* A refused add answers inside its form; a refused row button above the list. */}
      {replied === 'add-user' ? null : (
        <FormErrors
          className="mt-4"
          errors={firstErrorOf(reply)}
          title={isIntent(replied) ? PANEL_USER_FAILED[replied] : 'Error'}
        />
      )}
      <AdminTable caption="Panel users" headings={USER_COLUMNS} className="mt-4">
        {users.map((user) => (
          <tr key={user.id} className="border-b border-slate-100">
            <td className={cellClass}>
              {user.email}
              {user.id === currentUserId ? <span className="text-slate-600"> (you)</span> : null}
            </td>
            <td className={cellClass}>
              <ChangeRoleForm user={user} />
            </td>
            <td className={cellClass}>{user.added}</td>
            <td className={cellClass}>
              <RemoveUserForm user={user} />
            </td>
          </tr>
        ))}
      </AdminTable>
      <h3 className="mt-6 text-lg font-semibold">Add a user</h3>
      <p className="mt-1 text-sm text-slate-700">
        They receive an e-mail with a link to set their password, valid for {INVITATION_LINK_HOURS} hours.
      </p>
      <AddUserForm lastResult={replied === 'add-user' ? reply : undefined} />
    </PanelCard>
  )
}

function ChangeRoleForm({ user }: { user: PanelUserItem }) {
  const busy = useIsPending()
  const [form, fields] = useZodForm(ChangeRoleSchema, {
    id: `change-role-${user.id}`,
    defaultValue: { role: user.role },
  })
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="userId" value={user.id} />
      {/* Role selects are not `required`: one is always chosen, and a required select must open empty. */}
      <SelectField
        meta={fields.role}
        label={`Role of ${user.email}`}
        labelClassName="sr-only"
        options={ROLES}
        inputClassName={selectClass}
        required={false}
      />
      <StatusButton pending={busy} className={smallButtonClass}>
        Change role<span className="sr-only"> of {user.email}</span>
      </StatusButton>
    </Form>
  )
}

function RemoveUserForm({ user }: { user: PanelUserItem }) {
  const busy = useIsPending()
  const [form] = useZodForm(RemoveUserSchema, { id: `remove-user-${user.id}` })
  // A second step without JavaScript: the confirmation button sits inside a disclosure.
  return (
    <details>
      <summary className="cursor-pointer text-sm font-semibold text-red-800 underline">
        Remove<span className="sr-only"> {user.email}</span>
      </summary>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <input type="hidden" name="intent" value="remove-user" />
        <input type="hidden" name="userId" value={user.id} />
        <StatusButton
          pending={busy}
          className="rounded-md bg-red-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-900"
        >
          Confirm removal<span className="sr-only"> of {user.email}</span>
        </StatusButton>
      </Form>
    </details>
  )
}

function AddUserForm({ lastResult }: { lastResult: Reply }) {
  const busy = useIsPending()
  const [form, fields] = useZodForm(AddUserSchema, { id: 'add-user', lastResult, defaultValue: { role: 'editor' } })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3">
      <FormErrors id={form.errorId} errors={firstErrorOf(lastResult)} title={PANEL_USER_FAILED['add-user']} />
      <div className="flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="add-user" />
        <Field
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          inputClassName="mt-1 block w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 aria-invalid:border-red-700"
        />
        <SelectField
          meta={fields.role}
          label="Role"
          options={ROLES}
          inputClassName={`mt-1 block ${selectClass}`}
          required={false}
        />
        <StatusButton
          pending={busy}
          className="mt-6 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          Add user
        </StatusButton>
      </div>
    </Form>
  )
}
