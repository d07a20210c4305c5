import { expect, type Page } from '@playwright/test'
import { waitForHydration } from './hydration.ts'

/** Signs `email` up with the home page's e-mail box, as a visitor does, and waits for "Success!". */
export async function signUpFromHome(page: Page, email: string): Promise<void> {
  await page.goto('/')
  await waitForHydration(page)
  await page.getByLabel('Email address').fill(email)
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible()
}
