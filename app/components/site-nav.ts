// The header's links, in the spec's order; the side panel and the footer reuse them.
export const siteNavLinks = [
  { to: '/starter-kits', label: 'Starter Kits' },
  { to: '/compare-sleeves', label: 'Compare Sleeves' },
  { to: '/sizes-guide', label: 'Sizes Guide' },
  { to: '/about', label: 'About' },
] as const
