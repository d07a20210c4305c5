import type { Page } from '@playwright/test'
import type { PanelUsers } from './panel-fixture.ts'
import { createProductRow } from './panel.ts'

/** A product of the test's own, its row in the panel's list opened by an editor: the row's two switches. */
export async function openProductSwitches(page: Page, panelUsers: PanelUsers, title: string) {
  const product = await createProductRow(title)
  await panelUsers.open(page, 'editor', `/admin/products?q=${product.asin}`)
  return {
    product,
    featured: page.getByRole('button', { name: `Featured: ${title}` }),
    visible: page.getByRole('button', { name: `Visible: ${title}` }),
  }
}
