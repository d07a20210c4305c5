import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { can, type Permission, type Role } from '#app/lib/permissions.ts'
import { cookieFor } from '#tests/support/panel-users.ts'
import { actionArgs, loaderArgs } from '#tests/support/remix.ts'

// The authorization matrix: every admin route's loader and every action intent, for anonymous
// visitors, users without a role, each role, and an admin with a second factor signed in with the password
// only (aal1), who goes to the second step from everywhere (docs/decisions/048). A new admin route fails this
// test until it is listed.

/** Signed-out pages of the panel: anyone may use them. */
const PUBLIC_ROUTES = [
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

interface Guard {
  loader?: Permission
  /** intent → what it needs; '' is an action without intents. */
  actions?: Record<string, Permission | 'admin'>
  params?: Record<string, string>
}

const GUARDED_ROUTES: Record<string, Guard> = {
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
    },
  },
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

const WHO = ['anonymous', 'no-role', 'viewer', 'editor', 'admin', 'enrolled-aal1'] as const
type Who = (typeof WHO)[number]
type Outcome = 'home' | 'second-step' | 'forbidden' | 'allowed'

const cookies = Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, await cookieFor(who)]))) as Record<
  Who,
  string
>

function expected(who: Who, need: Permission | 'admin'): Outcome {
  if (who === 'anonymous' || who === 'no-role') return 'home'
  if (who === 'enrolled-aal1') return 'second-step'
  const allowed = need === 'admin' ? who === 'admin' : can(who as Role, need)
  return allowed ? 'allowed' : 'forbidden'
}

/** What a loader or action did: sent the visitor home, refused with a 403, or let them in (any other answer). */
async function outcomeOf(run: () => Promise<unknown>): Promise<Outcome> {
  const classify = (response: Response): Outcome => {
    if (response.status === 403) return 'forbidden'
    const redirectTo = response.status >= 300 && response.status < 400 ? response.headers.get('Location') : null
    if (redirectTo === '/') return 'home'
    if (redirectTo === '/admin/login/verify') return 'second-step'
    return 'allowed'
  }
  try {
    const result = await run()
    return result instanceof Response ? classify(result) : 'allowed'
  } catch (thrown) {
    if (thrown instanceof Response) return classify(thrown)
    throw thrown
  }
}

const routeFileNames = readdirSync('app/routes').filter(
  (file) => /^admin[._$]/.test(file) || /^admin\.tsx?$/.test(file),
)
const routeFiles = routeFileNames.map((file) => file.replace(/\.tsx?$/, ''))

test('every admin route is either public or in the matrix', () => {
  expect([...routeFiles].sort()).toEqual(
    [...PUBLIC_ROUTES.filter((r) => routeFiles.includes(r)), ...Object.keys(GUARDED_ROUTES)].sort(),
  )
})

describe.each(Object.entries(GUARDED_ROUTES))('%s', (route, guard) => {
  const file = routeFileNames.find((name) => name.replace(/\.tsx?$/, '') === route)
  const load = () => import(`#app/routes/${file}`) as Promise<Record<string, (args: unknown) => Promise<unknown>>>
  const path = `http://localhost/${route
    .split('.')
    .filter((segment) => segment !== '_index')
    .map((segment) =>
      segment === '$'
        ? guard.params?.['*']
        : segment.startsWith('$')
          ? guard.params?.[segment.slice(1)]
          : segment.replace(/_$/, ''),
    )
    .join('/')}`

  if (guard.loader) {
    const need = guard.loader
    test.each(WHO)(`loader, %s`, async (who) => {
      const module = await load()
      const args = loaderArgs(path, guard.params, { cookie: cookies[who] })
      expect(await outcomeOf(() => module.loader!(args))).toBe(expected(who, need))
    })
  }

  for (const [intent, need] of Object.entries(guard.actions ?? {})) {
    test.each(WHO)(`action ${intent || '(default)'}, %s`, async (who) => {
      const module = await load()
      const args = actionArgs(path, intent ? { intent } : {}, { cookie: cookies[who], params: guard.params })
      expect(await outcomeOf(() => module.action!(args))).toBe(expected(who, need))
    })
  }
})

test('a tampered or foreign cookie is anonymous', async () => {
  const { loader } = await import('#app/routes/admin._index.tsx')
  const adminCookie = cookies.admin
  const [name, value] = adminCookie.split('=') as [string, string]
  for (const cookie of [
    `${name}=${value.slice(0, -2)}xx`,
    `${name}=forged`,
    adminCookie.replace(name, 'cv_reviewer'),
  ]) {
    expect(await outcomeOf(() => loader(loaderArgs('/admin', {}, { cookie })))).toBe('home')
  }
})
