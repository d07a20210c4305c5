import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AmazonSettings, ASSOCIATES_SETTINGS_ID } from '#app/components/admin/amazon-settings.tsx'
import { AuditSection } from '#app/components/admin/audit-section.tsx'
import { LinkHealthSettings } from '#app/components/admin/link-health-settings.tsx'
import { SignInSettings } from '#app/components/admin/sign-in-settings.tsx'
import { TrackingIdsSettings } from '#app/components/admin/tracking-ids-settings.tsx'
import { UsersSection } from '#app/components/admin/users-section.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  AUDIT_ENTITIES,
  listAudit,
  listAuditActors,
  type AuditEntity,
  type AuditFilter,
} from '#app/models/audit.server.ts'
import { getLinkHealthEmail } from '#app/models/link-health.server.ts'
import { listPanelUsers } from '#app/models/panel-user.server.ts'
import { getSiteSettings } from '#app/models/site-settings.server.ts'
import { listAssignableGuides, listTrackingIds } from '#app/models/tracking-id.server.ts'
import { idFilter, pageParam } from '#app/schemas/params.ts'
import { SETTINGS_MAX_BODY_BYTES, SettingsActionSchema, type SettingsAction } from '#app/schemas/settings.ts'
import { testAmazonConnection } from '#app/services/amazon-connection.server.ts'
import { amazonSettingsView, setCredentials, setStoreTag } from '#app/services/amazon-settings.server.ts'
import { setAutoHideRejected, setOwnLinkHealthEmail } from '#app/services/link-health.server.ts'
import { addPanelUser, changePanelRole, removePanelUser } from '#app/services/panel-user.server.ts'
import { addTrackingId, assignTrackingId, removeTrackingId } from '#app/services/tracking-id.server.ts'
import { setRequireTwoFactor } from '#app/services/two-factor.server.ts'
import { describeDiff } from '#app/utils/audit-diff.ts'
import { formatDate, formatDateTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { DEFAULT_STORE, storeByCode } from '#app/utils/stores.ts'
import { db } from '#db/client.ts'

// /admin/settings: the Amazon settings, changed by admins ('manage-settings', docs/decisions/078); the panel's users, managed by
// admins only ('manage-users'); requiring two-factor sign-in
// ('manage-settings', docs/decisions/048); link health (docs/decisions/047):
// the owner's auto-hide ('manage-settings') and each user's own daily e-mail; the default store's tracking IDs by
// placement ('manage-settings', docs/decisions/079); and the audit trail, which every panel role may read. The
// writes are app/services/panel-user.server.ts, link-health.server.ts and tracking-id.server.ts.

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
  const admin = can(user.role, 'manage-settings')
  const [audit, actors, users, settings, linkHealthEmail, trackingIds, guides, amazon] = await Promise.all([
    listAudit(db, filter, { page, pageSize: PAGE_SIZE }),
    listAuditActors(db),
    can(user.role, 'manage-users') ? listPanelUsers(db) : null,
    admin ? getSiteSettings(db) : null,
    getLinkHealthEmail(db, user.id),
    admin ? listTrackingIds(db) : null,
    admin ? listAssignableGuides(db) : [],
    amazonSettingsView(timeZone),
  ])
  return {
    currentUserId: user.id,
    amazon: { ...amazon, editable: admin },
    linkHealth: { autoHideRejected: settings?.auto_hide_rejected ?? null, linkHealthEmail },
    requireTwoFactor: settings?.require_two_factor ?? null,
    trackingIds,
    guides,
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

/** Each intent and the permission it needs; one's own e-mail choice is every panel user's. */
const PERMISSIONS = {
  'add-user': 'manage-users',
  'change-role': 'manage-users',
  'remove-user': 'manage-users',
  'auto-hide': 'manage-settings',
  'require-two-factor': 'manage-settings',
  'link-health-email': 'view',
  'add-tracking-id': 'manage-settings',
  'assign-tracking-id': 'manage-settings',
  'remove-tracking-id': 'manage-settings',
  'amazon-tag': 'manage-settings',
  'amazon-credentials': 'manage-settings',
  'amazon-test': 'manage-settings',
} as const

export async function action({ request }: ActionFunctionArgs) {
  return writePanelForm(
    request,
    SettingsActionSchema,
    { maxBytes: SETTINGS_MAX_BODY_BYTES, permissions: PERMISSIONS },
    write,
  )
}

/** One function per intent: the write, then back to the page with its toast. */
async function write(actorId: number, form: SettingsAction) {
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
    case 'auto-hide':
      await setAutoHideRejected(actorId, form.autoHideRejected)
      return settingsSaved(
        form.autoHideRejected
          ? 'Products Amazon rejects on 3 runs in a row will be hidden.'
          : 'Products Amazon rejects will stay visible.',
      )
    case 'require-two-factor':
      await setRequireTwoFactor(actorId, form.requireTwoFactor)
      return settingsSaved(
        form.requireTwoFactor
          ? 'Every panel user must now set up two-factor sign-in.'
          : 'Two-factor sign-in is now each user’s choice.',
      )
    case 'link-health-email':
      // The signed-in user's own row only: no user id is read from the form.
      await setOwnLinkHealthEmail(actorId, form.linkHealthEmail)
      return settingsSaved(
        form.linkHealthEmail
          ? 'You will get an e-mail when the refresh finds new link problems.'
          : 'You will no longer get link problem e-mails.',
      )
    case 'add-tracking-id':
      await addTrackingId(actorId, form.tag, form.assignment)
      return settingsSaved(`Tracking ID ${form.tag} is listed.`)
    case 'assign-tracking-id':
      return settingsSaved(`Tracking ID ${await assignTrackingId(actorId, form.id, form.assignment)} is saved.`)
    case 'remove-tracking-id':
      return settingsSaved(`Tracking ID ${await removeTrackingId(actorId, form.id)} is removed.`)
    case 'amazon-tag':
      await setStoreTag(actorId, form.store, form.tag ?? null)
      return settingsSaved(`${storeByCode(form.store).name}: ${form.tag ? `clicks carry ${form.tag}` : 'no tag'}.`)
    case 'amazon-credentials':
      await setCredentials(actorId, form)
      return settingsSaved('The Creators API credentials apply from the next call.')
    case 'amazon-test': {
      const { ok, message } = await testAmazonConnection()
      return redirectWithToast(`/admin/settings#${ASSOCIATES_SETTINGS_ID}`, {
        title: ok ? 'Amazon answered' : 'Amazon did not answer OK',
        description: message,
        type: ok ? 'success' : 'error',
      })
    }
  }
}

const settingsSaved = (description: string) =>
  redirectWithToast('/admin/settings', { title: 'Settings saved', description })

export const meta: MetaFunction = () => [{ title: 'Settings | Admin' }]

export default function Settings() {
  const {
    amazon,
    users,
    currentUserId,
    linkHealth,
    requireTwoFactor,
    trackingIds,
    guides,
    audit,
    filter,
    actors,
    entities,
  } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const intent = reply?.initialValue?.intent
  const linkHealthReply = intent === 'auto-hide' || intent === 'link-health-email'
  const signInReply = intent === 'require-two-factor'
  const trackingIdsReply = typeof intent === 'string' && intent.endsWith('-tracking-id')
  const amazonReply = typeof intent === 'string' && intent.startsWith('amazon-')
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Settings</h1>
      <AmazonSettings {...amazon} reply={amazonReply ? reply : undefined} />
      {trackingIds === null ? null : (
        <TrackingIdsSettings
          store={storeByCode(DEFAULT_STORE).name}
          trackingIds={trackingIds}
          guides={guides}
          reply={trackingIdsReply ? reply : undefined}
        />
      )}
      {users ? (
        <UsersSection
          users={users}
          currentUserId={currentUserId}
          reply={linkHealthReply || signInReply || trackingIdsReply || amazonReply ? undefined : reply}
        />
      ) : null}
      {requireTwoFactor === null ? null : (
        <SignInSettings requireTwoFactor={requireTwoFactor} reply={signInReply ? reply : undefined} />
      )}
      <LinkHealthSettings {...linkHealth} reply={linkHealthReply ? reply : undefined} />
      <AuditSection audit={audit} filter={filter} actors={actors} entities={entities} />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary landmark={false} home={{ to: '/admin', label: 'Back to Dashboard' }} />
}
