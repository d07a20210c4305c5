import { expect, type Page } from '@playwright/test'
import type { PanelUsers } from './panel-fixture.ts'
import { createProductRow } from './panel.ts'

/**
 * A product of the test's own, its row in the panel's list opened by an editor: the row's two switches, as a new
 * product has them (not featured, visible).
 */
export async function openProductSwitches(page: Page, panelUsers: PanelUsers, title: string) {
  const product = await createProductRow(title)
  await panelUsers.open(page, 'editor', `/admin/products?q=${product.asin}`)
  const featured = page.getByRole('button', { name: `Featured: ${title}` })
  const visible = page.getByRole('button', { name: `Visible: ${title}` })
  await expect(featured).toHaveAttribute('aria-pressed', 'false')
  await expect(visible).toHaveAttribute('aria-pressed', 'true')
  return { product, featured, visible }
}
