// The site's own pages that the header, the side panel and the footer link to, each with the label it goes by.
export const sitePages = {
  starterKits: { to: '/starter-kits', label: 'Starter Kits' },
  compareSleeves: { to: '/compare-sleeves', label: 'Compare Sleeves' },
  sizesGuide: { to: '/sizes-guide', label: 'Sizes Guide' },
  fit: { to: '/fit', label: 'Fit Finder' },
  guides: { to: '/guides', label: 'Guides' },
  faq: { to: '/faq', label: 'FAQ' },
  about: { to: '/about', label: 'About' },
  disclosure: { to: '/disclosure', label: 'Affiliate Disclosure' },
  contact: { to: '/contact', label: 'Contact' },
} as const

// The header's links: the spec's four in its order, with the fit finder (docs/decisions/043) after the sizes guide and
// the owners' guides (docs/decisions/052) after it. The side panel reuses them.
const { starterKits, compareSleeves, sizesGuide, fit, guides, about } = sitePages
export const siteNavLinks = [starterKits, compareSleeves, sizesGuide, fit, guides, about] as const
