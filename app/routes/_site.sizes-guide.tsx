import { comicSizes, DataTable, InfoPage, Section, Strong, TextLink, WideSection } from '#app/components/info-page.tsx'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { staticPageMeta } from '#app/utils/meta.ts'

// Sizes guide (SPEC §2): bag and board dimensions by era, the note on wider variants, and five tips.

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'Sizes Guide',
  'Comic bag and board sizes by era: Modern, Standard, Silver Age and Golden Age dimensions in inches, plus tips for choosing the right fit.',
)

const sizes = [
  {
    era: 'Modern',
    note: 'Also called Current',
    ...comicSizes.current,
    fits: 'Most new releases and comics from about the 1990s on',
  },
  {
    era: 'Standard',
    note: 'Also called Regular',
    ...comicSizes.standard,
    fits: 'Bronze and Copper Age books (about 1970 to 1990) and thicker modern issues',
  },
  {
    era: 'Silver Age (1956-1970)',
    note: null,
    ...comicSizes.silverAge,
    fits: 'Silver Age books, slightly wider than today’s comics',
  },
  {
    era: 'Golden Age (1938-1956)',
    note: null,
    ...comicSizes.goldenAge,
    fits: 'Golden Age books, the widest standard comics, and many early 1950s titles',
  },
] as const

export default function SizesGuide() {
  return (
    <InfoPage
      wide
      eyebrow="Guide"
      title="Comic Bag and Board Sizes Guide"
      intro={
        <p>
          Comics have grown narrower over the decades, so a bag made for a 1940s book swims around a modern one, and a
          modern bag will not close over a Golden Age book. Find the era of your comics below and buy the bag and board
          made for it.
        </p>
      }
    >
      <WideSection headingId="chart-heading" title="Size chart by era">
        <DataTable
          captionId="chart-caption"
          caption="Comic bag and board dimensions by era, width x height in inches"
          columns={[
            { label: 'Era' },
            { label: 'Bag size', nowrap: true, numeric: true },
            { label: 'Board size', nowrap: true, numeric: true },
            { label: 'Fits' },
          ]}
          rows={sizes.map((row) => ({
            key: row.era,
            header: (
              <>
                {row.era}
                {row.note ? <span className="block font-normal text-slate-600">{row.note}</span> : null}
              </>
            ),
            cells: [row.bag, row.board, row.fits],
          }))}
        />
        <p className="mt-4 max-w-3xl rounded-lg border border-brand-500 bg-brand-50 p-4 leading-7 text-slate-800">
          <Strong>Resealable and full-back variants are wider.</Strong> Resealable bags need room for their adhesive
          strip, and bags made for thick full-back boards need room for the extra board, so both are cut a little wider
          than the sizes above. Check the listing and pair them with the matching board.
        </p>
        <p className="mt-4 max-w-3xl leading-7 text-slate-700">
          Know your eras? The <TextLink to="/fit">Fit Finder</TextLink> lists the bags, boards and boxes in our
          catalogue that fit them, with the price per unit and the total for the number of books you have.
        </p>
      </WideSection>

      <div className="max-w-3xl">
        <Section id="tips" title="Five tips for a perfect fit">
          <ol className="list-decimal space-y-3 pl-6 marker:font-semibold marker:text-brand-700">
            <li>
              <Strong>Measure, don&apos;t guess.</Strong> Cover dates are only a guide: page counts and paper changed
              from publisher to publisher. Measure the width of the cover and choose the smallest bag that is wider than
              it.
            </li>
            <li>
              <Strong>Buy bags and boards in the same size.</Strong> A board is made about a quarter inch narrower than
              its bag. Too wide and it bows the bag; too narrow and the comic slides and its spine rolls.
            </li>
            <li>
              <Strong>Go up a size for thick books.</Strong> Annuals, giant-size issues and prestige-format books need a
              thick bag or the next size up; treasury editions and magazines need{' '}
              <TextLink to="/category/magazine-bags">magazine bags</TextLink>.
            </li>
            <li>
              <Strong>Keep tape off the comic.</Strong> Fold the flap behind the board, or tape the flap to the bag
              itself. Never let adhesive touch the book: it yellows, dries out and can tear a cover when removed.
            </li>
            <li>
              <Strong>Re-bag on schedule.</Strong> Replace polypropylene and polyethylene bags every five to seven
              years, and sooner if they look cloudy or brittle. For books you want to keep for decades, move up to{' '}
              <TextLink to="/compare-sleeves">Mylar sleeves</TextLink>.
            </li>
          </ol>
        </Section>

        <Section id="shop" title="Shop by size">
          <p>
            Every listing in our <TextLink to="/category/polypropylene-sleeves">polypropylene bags</TextLink>,{' '}
            <TextLink to="/category/mylar-sleeves">Mylar sleeves</TextLink> and{' '}
            <TextLink to="/category/backing-boards">backing boards</TextLink> names its size in the title. Still unsure?
            The <TextLink to="/starter-kits">starter kits</TextLink> include a Golden/Silver Age kit with both vintage
            sizes.
          </p>
        </Section>
      </div>
    </InfoPage>
  )
}
