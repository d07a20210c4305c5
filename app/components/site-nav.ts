// The header's links: the spec's four in its order, with the fit finder (docs/decisions/043) after the sizes guide and
// the owners' guides (docs/decisions/052) after it. The side panel reuses them.
export const siteNavLinks = [
  { to: '/starter-kits', label: 'Starter Kits' },
  { to: '/compare-sleeves', label: 'Compare Sleeves' },
  { to: '/sizes-guide', label: 'Sizes Guide' },
  { to: '/fit', label: 'Fit Finder' },
  { to: '/guides', label: 'Guides' },
  { to: '/about', label: 'About' },
] as const
