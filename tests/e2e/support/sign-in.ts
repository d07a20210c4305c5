import { expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { waitForHydration } from './hydration.ts'

// Signing in and out of the panel by typing, as the sign-in specs do (the others sign in by cookie: the
// panel fixture), and the codes an authenticator app shows.

/** The password the sign-in specs give their users. */
export const PASSWORD = 'a good password'

export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/login')
  await waitForHydration(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

export async function signOut(page: Page) {
  const logout = page.getByRole('button', { name: 'Logout' })
  // With JavaScript the menu stays open across the panel's own navigations.
  if (!(await logout.isVisible())) await page.locator('summary', { hasText: 'Account' }).click()
  await logout.click()
  await expect(page).toHaveURL(/\/admin\/login$/)
}

/** Signs out and in again by password, as a user with a second factor: the second step's page is next. */
export async function signInAgainToSecondStep(page: Page, email: string) {
  await signOut(page)
  await signInWithPassword(page, email)
  await expect(page).toHaveURL(/\/admin\/login\/verify$/)
}

/** The code an app shows for the key, `steps` periods from now (a code is good once: the next one is new). */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), algorithm: 'SHA1', digits: 6, period: 30 }).generate(
    { timestamp: Date.now() + steps * 30_000 },
  )
