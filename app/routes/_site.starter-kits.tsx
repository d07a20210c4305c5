import { CardHeading, CardParagraph, comicSizes, InfoPage, TextLink } from '#app/components/info-page.tsx'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { staticPageMeta } from '#app/utils/meta.ts'

// Starter kits (SPEC §2): four informational shopping lists, each with a price range, its items (linked to
// their categories) and who it suits. Nothing here is sold as a bundle.

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'Starter Kits',
  "Four comic storage starter kits with price ranges: Beginner's Protection, Archival Collection, Complete Organization and Golden/Silver Age, with what each contains and who it suits.",
)

type Category = 'polypropylene-sleeves' | 'backing-boards' | 'mylar-sleeves' | 'short-boxes' | 'long-boxes' | 'dividers'

type Kit = {
  id: string
  name: string
  price: string
  tagline: string
  items: Array<{ quantity: string; label: string; detail: string; category: Category }>
  idealFor: string
}

const kits: Kit[] = [
  {
    id: 'beginners-protection',
    name: "Beginner's Protection",
    price: 'About $45-60',
    tagline: 'Everything you need to bag, board and box your first 150 or so comics.',
    items: [
      {
        quantity: '200',
        label: 'Polypropylene bags',
        detail: 'current (modern) size, resealable or fold-over flap',
        category: 'polypropylene-sleeves',
      },
      { quantity: '200', label: 'Backing boards', detail: 'acid-free, current size', category: 'backing-boards' },
      {
        quantity: '2',
        label: 'Short boxes',
        detail: 'about 150 bagged and boarded books each',
        category: 'short-boxes',
      },
    ],
    idealFor:
      'New collectors and anyone with a weekly pull list who wants every book protected without spending much. Start here if your comics are in piles or paper bags.',
  },
  {
    id: 'archival-collection',
    name: 'Archival Collection',
    price: 'About $85-120',
    tagline: 'Long-term protection for the books that matter most.',
    items: [
      {
        quantity: '50',
        label: 'Mylar sleeves',
        detail: '2 mil or 4 mil, sized for the era of your books',
        category: 'mylar-sleeves',
      },
      {
        quantity: '50',
        label: 'Backing boards',
        detail: 'buffered, acid-free full-back boards',
        category: 'backing-boards',
      },
      { quantity: '1', label: 'Short box', detail: 'to keep the collection dark and upright', category: 'short-boxes' },
    ],
    idealFor:
      'Collectors protecting key issues, high-grade or signed copies, and books bought as an investment, who want them to look the same in twenty years.',
  },
  {
    id: 'complete-organization',
    name: 'Complete Organization',
    price: 'About $70-95',
    tagline: 'Room for a growing collection, sorted so you can find any issue.',
    items: [
      {
        quantity: '300',
        label: 'Polypropylene bags',
        detail: 'current size, for the bulk of the collection',
        category: 'polypropylene-sleeves',
      },
      { quantity: '300', label: 'Backing boards', detail: 'acid-free, current size', category: 'backing-boards' },
      { quantity: '2', label: 'Long boxes', detail: 'about 300 books each', category: 'long-boxes' },
      { quantity: '25', label: 'Comic dividers', detail: 'to split boxes by title or publisher', category: 'dividers' },
    ],
    idealFor:
      'Collectors with a few hundred comics or more, long runs, or a collection spread across closets, who want it all in one place and easy to browse.',
  },
  {
    id: 'golden-silver-age',
    name: 'Golden/Silver Age',
    price: 'About $65-85',
    tagline: 'Correctly sized protection for wider vintage books from 1938 to 1970.',
    items: [
      {
        quantity: '50',
        label: 'Polypropylene bags',
        detail: `Silver Age size, ${comicSizes.silverAge.bag}`,
        category: 'polypropylene-sleeves',
      },
      {
        quantity: '50',
        label: 'Backing boards',
        detail: `Silver Age size, ${comicSizes.silverAge.board}`,
        category: 'backing-boards',
      },
      {
        quantity: '25',
        label: 'Mylar sleeves',
        detail: `Golden Age size, ${comicSizes.goldenAge.bag}, for the most valuable books`,
        category: 'mylar-sleeves',
      },
      {
        quantity: '25',
        label: 'Backing boards',
        detail: `Golden Age size, ${comicSizes.goldenAge.board}, buffered`,
        category: 'backing-boards',
      },
      {
        quantity: '1',
        label: 'Short box',
        detail: 'vintage books are best kept in small boxes',
        category: 'short-boxes',
      },
    ],
    idealFor:
      'Collectors of older comics that do not fit modern bags, and anyone who has inherited or bought a vintage collection and needs to protect aging newsprint.',
  },
]

export default function StarterKits() {
  return (
    <InfoPage
      wide
      eyebrow="Guide"
      title="Comic Storage Starter Kits"
      intro={
        <p>
          Not sure where to start? Each kit below is a shopping list of supplies that work together, with a typical
          total price on Amazon. Pick the one closest to your collection, follow the links to choose the exact products,
          and adjust the quantities to the number of books you own.
        </p>
      }
    >
      <ul className="mt-12 grid gap-6 lg:grid-cols-2">
        {kits.map((kit) => (
          <li key={kit.id}>
            <article
              id={kit.id}
              aria-labelledby={`${kit.id}-heading`}
              className="h-full rounded-lg border border-slate-200 bg-white p-6"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`${kit.id}-heading`} className="text-2xl font-bold tracking-tight">
                  {kit.name}
                </h2>
                <p className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-slate-900">{kit.price}</p>
              </div>
              <p className="mt-2 text-slate-600">{kit.tagline}</p>

              <CardHeading>What&apos;s in the kit</CardHeading>
              <ul className="mt-2 divide-y divide-slate-100">
                {kit.items.map((item) => (
                  <li key={`${item.label}-${item.detail}`} className="flex gap-3 py-2">
                    <span className="w-10 shrink-0 text-right font-semibold text-slate-900 tabular-nums">
                      {item.quantity}
                    </span>
                    <span>
                      <TextLink to={`/category/${item.category}`}>{item.label}</TextLink>
                      <span className="text-slate-600">, {item.detail}</span>
                    </span>
                  </li>
                ))}
              </ul>

              <CardParagraph title="Ideal for">{kit.idealFor}</CardParagraph>
            </article>
          </li>
        ))}
      </ul>

      <div className="mt-12 max-w-3xl space-y-4 leading-7 text-slate-700">
        <p>
          Prices are estimates from typical Amazon prices and vary with brand, pack size and offers. Each product page
          shows the current price and when it was retrieved; the price on Amazon at the time of purchase applies (see{' '}
          <TextLink to="/disclosure#pricing">how prices work</TextLink>).
        </p>
        <p>
          Unsure which size or sleeve to choose? Read the <TextLink to="/sizes-guide">sizes guide</TextLink> and{' '}
          <TextLink to="/compare-sleeves">compare sleeves</TextLink> first.
        </p>
      </div>
    </InfoPage>
  )
}
