import type { Permission } from '#app/lib/permissions.ts'

// Every route of the panel and what it asks of whom: the table behind the authorization matrices
// (tests/integration/admin-authorization.test.ts in process, panel-intents-built-server.test.ts on the built server).

/** Signed-out pages of the panel: anyone may use them. */
export const PUBLIC_ROUTES = [
  'admin_.login',
  'admin_.setup',
  'admin_.logout',
  'admin_.forgot-password',
  'admin_.reset-password',
  // The second step of sign-in: a session at aal1 is its only way in (tests/integration/two-factor.test.ts).
  'admin_.login_.verify',
  // Sign-in with a passkey alone, and the options that start a ceremony: sign-in's are anyone's, the others
  // check the session themselves (tests/integration/passkeys.test.ts).
  'admin_.login_.passkey',
  'admin_.passkeys.options',
]

export interface Guard {
  loader?: Permission
  /** intent → what it needs; '' is an action without intents. */
  actions?: Record<string, Permission | 'admin'>
  params?: Record<string, string>
}

export const GUARDED_ROUTES: Record<string, Guard> = {
  admin: { loader: 'view' },
  'admin._index': { loader: 'view' },
  'admin.$': { loader: 'view', params: { '*': 'no-such-page' } },
  'admin.settings': {
    loader: 'view',
    actions: {
      'add-user': 'admin',
      'change-role': 'admin',
      'remove-user': 'admin',
      'auto-hide': 'admin',
      'require-two-factor': 'admin',
      'link-health-email': 'view',
      'add-tracking-id': 'admin',
      'assign-tracking-id': 'admin',
      'remove-tracking-id': 'admin',
      'amazon-tag': 'admin',
      'amazon-credentials': 'admin',
      'amazon-test': 'admin',
    },
  },
  'admin.search': { loader: 'view', actions: { create: 'admin', update: 'admin', delete: 'admin' } },
  'admin.products': {
    loader: 'view',
    actions: { 'toggle-featured': 'edit', 'toggle-visible': 'edit', 'review-status': 'edit' },
  },
  'admin.products.$id': { loader: 'view', actions: { '': 'edit' }, params: { id: '1' } },
  'admin.products.export': { loader: 'view' },
  'admin.products_.import': { loader: 'view', actions: { '': 'create' } },
  'admin.products_.bulk-import': { loader: 'view', actions: { '': 'create' } },
  'admin.products_.refresh': { loader: 'view', actions: { '': 'admin' } },
  'admin.products_.jobs.$id': { loader: 'view', params: { id: '2147483000' } },
  'admin.products_.link-health': {
    loader: 'view',
    actions: { hide: 'edit', 'mark-seen': 'edit', 'replace-asin': 'edit' },
  },
  'admin.media': { loader: 'view', actions: { folder: 'create', move: 'edit', tags: 'edit', delete: 'delete' } },
  'admin.media_.upload': { loader: 'view', actions: { '': 'create' } },
  'admin.media_.$id': { loader: 'view', actions: { update: 'edit', delete: 'delete' }, params: { id: '2147483000' } },
  'admin.media_.picker': { loader: 'view' },
  'admin.categories': {
    loader: 'view',
    actions: { create: 'create', update: 'edit', 'toggle-visibility': 'edit', delete: 'delete' },
  },
  'admin.comparisons': { loader: 'view', actions: { create: 'create', update: 'edit', delete: 'delete' } },
  'admin.guides._index': { loader: 'view' },
  // Nothing to read there but a form that starts a guide.
  'admin.guides.new': {
    loader: 'create',
    actions: { save: 'create', publish: 'create', schedule: 'create', preview: 'create' },
  },
  'admin.guides.$id': {
    loader: 'view',
    actions: {
      save: 'edit',
      publish: 'edit',
      schedule: 'edit',
      unpublish: 'edit',
      preview: 'edit',
      restore: 'edit',
      delete: 'delete',
    },
    params: { id: '2147483000' },
  },
  'admin.pages._index': { loader: 'view' },
  'admin.pages.$slug': {
    loader: 'view',
    actions: { save: 'edit', preview: 'edit', restore: 'edit' },
    params: { slug: 'about' },
  },
  'admin.analytics': { loader: 'view' },
  'admin.analytics_.export': { loader: 'view' },
  'admin.analytics_.import': { loader: 'manage-settings', actions: { '': 'manage-settings' } },
  'admin.analytics_.import_.$id': { loader: 'manage-settings', params: { id: '2147483000' } },
  'admin.account': {
    loader: 'view',
    actions: {
      'start-totp': 'view',
      'confirm-totp': 'view',
      'add-passkey': 'view',
      'regenerate-codes': 'view',
      'remove-totp': 'view',
      'remove-passkey': 'view',
    },
  },
}

/** The address of a route file, with the guard's params: `admin.media_.$id` → `/admin/media/2147483000`. */
export function routePath(route: string, guard: Guard): string {
  const segments = route
    .split('.')
    .filter((segment) => segment !== '_index')
    .map((segment) =>
      segment === '$'
        ? guard.params?.['*']
        : segment.startsWith('$')
          ? guard.params?.[segment.slice(1)]
          : segment.replace(/_$/, ''),
    )
  return `/${segments.join('/')}`
}
