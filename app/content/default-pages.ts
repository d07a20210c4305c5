import { body as about } from './pages/about.ts'
import { body as compareSleeves } from './pages/compare-sleeves.ts'
import { body as contact } from './pages/contact.ts'
import { body as disclosure } from './pages/disclosure.ts'
import { body as faq } from './pages/faq.ts'
import { body as sizesGuide } from './pages/sizes-guide.ts'
import { body as starterKits } from './pages/starter-kits.ts'

/**
 * The default texts of the information pages, word for word what the pages showed before they became editable
 * (SPEC §2): the owner's copy replaces one, and deleting it brings the default back.
 *
 * `eyebrow` is the small label above the h1, `title` the h1, `summary` the meta description, and `body` the
 * Markdown below the h1: the introduction (before the first `##`), then the sections. Besides CommonMark and GFM
 * tables, bodies use `## Heading {#id}` for the ids other pages link to (/disclosure#pricing), a paragraph
 * `Table: caption` just above a table for its caption, the text directive `:site-name`, and the leaf directives
 * `::sizes-chart` (`{variant="all-eras"}` for the FAQ's chart of five eras), `::sleeve-table{material=…}` and
 * `::prices-as-of` for the parts built from the size figures or the catalogue. For /contact, `body` is only the
 * introduction above the form.
 */
export interface DefaultPage {
  slug: PageSlug
  eyebrow: string
  title: string
  summary: string
  body: string
}

export const PAGE_SLUGS = [
  'about',
  'disclosure',
  'faq',
  'starter-kits',
  'sizes-guide',
  'compare-sleeves',
  'contact',
] as const
export type PageSlug = (typeof PAGE_SLUGS)[number]

export const defaultPages: Record<PageSlug, DefaultPage> = {
  about: {
    slug: 'about',
    eyebrow: 'About us',
    title: 'About Comic Vault Supplies',
    summary:
      'Who we are and how we choose comic bags, boards, sleeves and boxes: carefully selected supplies from trusted brands, explained tier by tier, with honest reviews from real collectors.',
    body: about,
  },
  disclosure: {
    slug: 'disclosure',
    eyebrow: 'Transparency',
    title: 'Affiliate Disclosure',
    summary:
      'How we earn from Amazon links, how often prices are refreshed, how we choose products, how reviews are moderated, and what personal data we keep.',
    body: disclosure,
  },
  faq: {
    slug: 'faq',
    eyebrow: 'Help',
    title: 'Frequently Asked Questions',
    summary:
      'Answers for comic collectors: bag and board sizes by era, Mylar vs polypropylene vs polyethylene, when to replace bags and boards, how to store comics, and how our prices and reviews work.',
    body: faq,
  },
  'starter-kits': {
    slug: 'starter-kits',
    eyebrow: 'Guide',
    title: 'Comic Storage Starter Kits',
    summary:
      "Four comic storage starter kits with price ranges: Beginner's Protection, Archival Collection, Complete Organization and Golden/Silver Age, with what each contains and who it suits.",
    body: starterKits,
  },
  'sizes-guide': {
    slug: 'sizes-guide',
    eyebrow: 'Guide',
    title: 'Comic Bag and Board Sizes Guide',
    summary:
      'Comic bag and board sizes by era: Modern, Standard, Silver Age and Golden Age dimensions in inches, plus tips for choosing the right fit.',
    body: sizesGuide,
  },
  'compare-sleeves': {
    slug: 'compare-sleeves',
    eyebrow: 'Guide',
    title: 'Compare Comic Sleeves: Mylar, Polypropylene and Polyethylene',
    summary:
      'Mylar vs polypropylene vs polyethylene comic sleeves: clarity, lifespan, price, pros and cons, and which to use for keys, everyday books and bulk storage.',
    body: compareSleeves,
  },
  contact: {
    slug: 'contact',
    eyebrow: 'Get in touch',
    title: 'Contact Us',
    summary: 'Questions about comic bags, boards, sizes or a product we list? Send us a message.',
    body: contact,
  },
}

/**
 * Each page's short name in its document title ("FAQ | Comic Vault Supplies"), which is not always its h1
 * ("Frequently Asked Questions"): the page's name in the site, not part of its editable text.
 */
export const PAGE_NAMES: Record<PageSlug, string> = {
  about: 'About',
  disclosure: 'Affiliate Disclosure',
  faq: 'FAQ',
  'starter-kits': 'Starter Kits',
  'sizes-guide': 'Sizes Guide',
  'compare-sleeves': 'Compare Sleeves',
  contact: 'Contact',
}
