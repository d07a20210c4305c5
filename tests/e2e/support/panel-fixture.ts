import { test as base, type BrowserContext, type Page } from '@playwright/test'
import type { Role } from '#app/lib/permissions.ts'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import type * as PanelUserCode from '#tests/support/panel-users.ts'
import { waitForHydration } from './hydration.ts'

// Panel users for the e2e specs, made by the app's own models and session code (tests/support/panel-users.ts)
// in the e2e site's database. Signing in is a new session row and the cookie the server would set for it
// (DESIGN §7), never a typed password, except in the specs that test signing in itself. Every user a test
// made is deleted after it, with its sessions.

export interface PanelUser {
  id: number
  email: string
}

export interface PanelUsers {
  /** A new panel user holding `role`; with `password` for the specs that sign in by typing it. */
  createUser(role: Role, options?: { password?: string }): Promise<PanelUser>
  /**
   * A new panel user holding `role`, signed in on the browser context; with `twoFactor`, one with a confirmed
   * authenticator app whose session has passed the second step (aal2).
   */
  signIn(context: BrowserContext, role: Role, options?: { twoFactor?: boolean }): Promise<PanelUser>
  /** signIn on the page's context, then the page opens `path` and waits for hydration (tests/e2e/support/hydration.ts). */
  open(page: Page, role: Role, path: string): Promise<PanelUser>
  /**
   * The `cookie` header of a new panel session for the user, for requests made without a browser: aal1 (as after
   * the password, enough for a user without a second factor) unless `aal` says otherwise.
   */
  cookie(userId: number, options?: { aal?: 'aal1' | 'aal2' }): Promise<string>
  /** Gives the user a confirmed authenticator app: its secret (base32) and ten recovery codes. */
  enrolAuthenticator(userId: number): Promise<{ secret: string; recoveryCodes: string[] }>
  /** Gives the user a passkey (held in the test process, not the browser), named `name`. */
  addPasskey(userId: number, name?: string): Promise<unknown>
}

export const test = base.extend<{ panelUsers: PanelUsers }, { panelUserCode: typeof PanelUserCode }>({
  // tests/support/panel-users.ts, loaded once a worker, on the e2e site's database.
  panelUserCode: [
    async ({}, use) => {
      const database = process.env.E2E_DATABASE
      if (!database) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
      // The app's modules read their settings once, at first use: the web server's, before they are loaded.
      Object.assign(process.env, e2eServiceEnv(database), { SITE_URL: process.env.E2E_BASE_URL })
      await use(await import('#tests/support/panel-users.ts'))
      const { closeDatabase } = await import('#db/client.ts')
      await closeDatabase()
    },
    { scope: 'worker' },
  ],

  panelUsers: async ({ panelUserCode }, use) => {
    const made: number[] = []
    const createUser = async (role: Role, options?: { password?: string }) => {
      const user = await panelUserCode.createPanelUser(role, options)
      made.push(user.id)
      return user
    }
    const signIn = async (context: BrowserContext, role: Role, options?: { twoFactor?: boolean }) => {
      const user = await createUser(role)
      if (options?.twoFactor) await panelUserCode.enrolAuthenticator(user.id)
      const aal = options?.twoFactor ? 'aal2' : 'aal1'
      const [name, value] = splitCookie(await panelUserCode.panelCookie(user.id, { aal }))
      await context.addCookies([{ name, value, url: process.env.E2E_BASE_URL!, httpOnly: true, sameSite: 'Lax' }])
      return user
    }
    await use({
      createUser,
      cookie: (userId, options) => panelUserCode.panelCookie(userId, options),
      enrolAuthenticator: (userId) => panelUserCode.enrolAuthenticator(userId),
      addPasskey: (userId, name) => panelUserCode.addPasskey(userId, name),
      signIn,
      async open(page, role, path) {
        const user = await signIn(page.context(), role)
        await page.goto(path)
        await waitForHydration(page)
        return user
      },
    })
    await panelUserCode.deletePanelUsers(made)
  },
})

export { expect } from '@playwright/test'

/** `name=value` → [name, value] */
function splitCookie(pair: string): [string, string] {
  const at = pair.indexOf('=')
  return [pair.slice(0, at), pair.slice(at + 1)]
}
