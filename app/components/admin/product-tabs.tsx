import { LINK_HEALTH_PATH } from '#app/schemas/link-health.ts'
import { LinkTabs } from './tabs.tsx'

// The tab bar of /admin/products (SPEC §2's four tabs, and Link health: docs/decisions/047). Link health is a
// route of its own (its loader and actions), drawn under the same bar.

const TABS = [
  { id: 'products', label: 'Products', to: '/admin/products' },
  { id: 'reviews', label: 'Reviews', to: '/admin/products?tab=reviews' },
  { id: 'import', label: 'Manual Import', to: '/admin/products?tab=import' },
  { id: 'bulk', label: 'Bulk Tools', to: '/admin/products?tab=bulk' },
  { id: 'link-health', label: 'Link health', to: LINK_HEALTH_PATH },
]

export function ProductTabs({ current }: { current: string }) {
  return <LinkTabs label="Products sections" current={current} tabs={TABS} />
}
