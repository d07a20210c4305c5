import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Locator, type Page } from '@playwright/test'
import { e2eServiceEnv } from '#tests/support/e2e-env.ts'
import { onServer } from '#tests/support/postgres.ts'

// The keyboard specs (tests/e2e/keyboard-*.spec.ts) reach and work every widget with keys alone: these move the
// focus the way a keyboard user does, never by clicking.

/** True when `target` is the element that has the focus. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 })
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would walk to it; fails, naming the
 * element that had the focus last, when `max` presses do not reach it.
 */
export async function tabTo(page: Page, target: Locator, { max = 120, backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible()
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  const last = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach ${target}; last: ${last}`)
}

/** Presses `key` `times` times, each on whatever has the focus by then. */
export async function pressTimes(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key)
}

/** The rating the database holds for the (pending) review of that name, or undefined when there is none. */
export async function savedReviewRating(reviewerName: string): Promise<number | undefined> {
  const database = process.env.E2E_DATABASE
  if (!database) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
  return onServer(async (client) => {
    const { rows } = await client.query<{ rating: number }>('SELECT rating FROM reviews WHERE reviewer_name = $1', [
      reviewerName,
    ])
    if (rows.length > 1) throw new Error(`${rows.length} reviews by ${reviewerName}: sent more than once`)
    return rows[0]?.rating
  }, e2eServiceEnv(database).DATABASE_URL)
}

/** How far the element has scrolled sideways. */
export function scrollLeft(target: Locator): Promise<number> {
  return target.evaluate((element) => element.scrollLeft)
}

/** How many messages the web server's SMTP sink holds for `address` (support/mailbox.ts reads them). */
export async function mailCount(address: string): Promise<number> {
  const directory = process.env.E2E_MAIL_DIR
  if (!directory) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)')
  const files = (await readdir(directory).catch(() => [] as string[])).filter((file) => file.endsWith('.eml'))
  let count = 0
  for (const file of files) {
    if ((await readFile(join(directory, file), 'utf8')).toLowerCase().includes(address.toLowerCase())) count++
  }
  return count
}

/** Whether the database has the product visible (not soft-hidden), as "true" or "false" like aria-pressed. */
export async function savedVisible(productId: number): Promise<string> {
  const database = process.env.E2E_DATABASE
  if (!database) throw new Error('E2E_DATABASE is not set (playwright.config.ts sets it)')
  return onServer(async (client) => {
    const { rows } = await client.query<{ soft_hidden: boolean }>('SELECT soft_hidden FROM products WHERE id = $1', [
      productId,
    ])
    return String(!rows[0]!.soft_hidden)
  }, e2eServiceEnv(database).DATABASE_URL)
}
