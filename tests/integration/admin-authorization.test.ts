import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { can, type Permission, type Role } from '#app/lib/permissions.ts'
import { GUARDED_ROUTES, PUBLIC_ROUTES, routePath } from '#tests/support/panel-routes.ts'
import { cookieFor } from '#tests/support/panel-users.ts'
import { actionArgs, loaderArgs } from '#tests/support/remix.ts'

// The authorization matrix: every admin route's loader and every action intent, for anonymous
// visitors, users without a role, each role, and an admin with a second factor signed in with the password
// only (aal1), who goes to the second step from everywhere (docs/decisions/048). A new admin route fails this
// test until it is listed.

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
  const path = `http://localhost${routePath(route, guard)}`

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
