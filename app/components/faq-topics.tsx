import type { ReactNode } from 'react'
import { BulletList, comicSizes, DataTable, Strong, TextLink } from '#app/components/info-page.tsx'

// The FAQ's content (app/routes/_site.faq.tsx): topics and questions as data, so the page is one loop.

// The sizes guide's dimensions, with the Platinum and Bronze Ages named.
const eras = [
  {
    era: 'Platinum Age (1897-1938)',
    bag: 'No standard size: measure each book',
    board: 'To match the bag',
    note: 'Sizes vary from publisher to publisher; many fit magazine bags (8.5 x 11 in) or treasury bags.',
  },
  { era: 'Golden Age (1938-1956)', ...comicSizes.goldenAge, note: 'The widest standard comics.' },
  { era: 'Silver Age (1956-1970)', ...comicSizes.silverAge, note: 'Slightly wider than today.' },
  {
    era: 'Bronze Age (1970-1985)',
    bag: `${comicSizes.standard.bag} (Standard)`,
    board: comicSizes.standard.board,
    note: 'The Standard size also fits Copper Age books up to about 1990.',
  },
  {
    era: 'Modern Age (about 1990 on)',
    bag: `${comicSizes.current.bag} (Current)`,
    board: comicSizes.current.board,
    note: 'Most new releases; thick issues need the next size up.',
  },
] as const

// Each topic is a section (linked from "On this page"), each question an h3 with an id of its own.
export type FaqTopic = {
  id: string
  label: string
  questions: ReadonlyArray<{ id: string; question: string; answer: ReactNode }>
}

export const faqTopics: ReadonlyArray<FaqTopic> = [
  {
    id: 'sizes',
    label: 'Sizes by era',
    questions: [
      {
        id: 'which-size',
        question: 'Which bag and board size fits my comics?',
        answer: (
          <>
            <p>
              Comics got narrower over the decades, so the size you need depends on when your books were printed. The
              height is 10.5 inches for every standard size; the width is what changes.
            </p>
            <DataTable
              captionId="faq-sizes-caption"
              caption="Bag and board sizes by era, width x height in inches"
              columns={[
                { label: 'Era' },
                { label: 'Bag', numeric: true },
                { label: 'Board', numeric: true },
                { label: 'Notes' },
              ]}
              rows={eras.map((row) => ({ key: row.era, header: row.era, cells: [row.bag, row.board, row.note] }))}
              narrow
            />
            <p>
              Cover dates are only a guide: when in doubt, measure the cover and choose the smallest bag that is wider
              than it. The <TextLink to="/sizes-guide">sizes guide</TextLink> has the full chart and five tips for a
              good fit.
            </p>
          </>
        ),
      },
      {
        id: 'thick-books',
        question: 'What about annuals, giant-size issues and magazines?',
        answer: (
          <p>
            Thick books need a thick bag or the next size up, so the flap still closes without bending the spine.
            Magazines, treasury editions and oversized annuals need{' '}
            <TextLink to="/category/magazine-bags">magazine bags</TextLink>, and resealable or full-back variants are
            cut a little wider than the sizes above.
          </p>
        ),
      },
    ],
  },
  {
    id: 'materials',
    label: 'Sleeve materials',
    questions: [
      {
        id: 'mylar-vs-poly',
        question: 'Mylar, polypropylene or polyethylene: what is the difference?',
        answer: (
          <>
            <p>
              <Strong>Mylar</Strong> (archival polyester film) is rigid, crystal clear and chemically inert: it lasts
              for decades and is the choice for keys, high grades and Golden and Silver Age books.{' '}
              <Strong>Polypropylene</Strong> is the everyday bag: clear, glossy and inexpensive, but not archival.{' '}
              <Strong>Polyethylene</Strong> is the softest and cheapest, slightly hazy, and good for bulk runs, reading
              copies and shipping.
            </p>
            <p>
              See them side by side, with pros, cons and best uses, in{' '}
              <TextLink to="/compare-sleeves">compare sleeves</TextLink>.
            </p>
          </>
        ),
      },
      {
        id: 'boards',
        question: 'Do I need backing boards, and do they have to be acid-free?',
        answer: (
          <p>
            Yes to both. A board keeps the spine straight and the corners sharp inside the bag, and an ordinary
            cardboard sheet gives off acids that yellow the paper it touches. Use{' '}
            <TextLink to="/category/backing-boards">acid-free boards</TextLink>; for old newsprint, buffered boards also
            absorb the acids the comic itself gives off.
          </p>
        ),
      },
    ],
  },
  {
    id: 'replacing',
    label: 'Replacing bags and boards',
    questions: [
      {
        id: 'how-often',
        question: 'How often should I replace bags and boards?',
        answer: (
          <BulletList>
            <li>Polypropylene bags: about every five to seven years.</li>
            <li>Polyethylene bags: every few years, as they cloud with age.</li>
            <li>Mylar sleeves: they last for decades; you rarely need to replace them.</li>
            <li>
              Boards: with the bag in everyday storage. Buffered boards slowly use up their buffer, so check those on
              very old books now and then.
            </li>
          </BulletList>
        ),
      },
      {
        id: 'signs',
        question: 'How can I tell it is time?',
        answer: (
          <p>
            Replace a bag that looks cloudy, yellow, brittle or torn, or whose flap tape has let go. Replace a board
            that has yellowed, bowed or picked up moisture. Never reuse the tape: fold the flap behind the board
            instead.
          </p>
        ),
      },
    ],
  },
  {
    id: 'storage',
    label: 'Storing your comics',
    questions: [
      {
        id: 'conditions',
        question: 'Where and how should I store my comics?',
        answer: (
          <BulletList>
            <li>
              <Strong>Temperature:</Strong> cool and steady, about 65 to 70°F (18 to 21°C). Avoid attics, garages and
              outside walls, where it swings with the seasons.
            </li>
            <li>
              <Strong>Humidity:</Strong> about 40 to 50% relative humidity. Damp basements bring mold and warping; very
              dry air makes paper brittle.
            </li>
            <li>
              <Strong>Light:</Strong> dark. Sunlight and fluorescent light fade inks quickly, so keep boxes closed and
              frame only with UV-filtering glass.
            </li>
            <li>
              <Strong>Upright in boxes:</Strong> bagged and boarded books stand upright in{' '}
              <TextLink to="/category/short-boxes">short boxes</TextLink> or{' '}
              <TextLink to="/category/long-boxes">long boxes</TextLink>, snug but not crammed, with the boxes off the
              floor. Do not stack loose books in piles: the weight presses spine rolls and dents into those at the
              bottom.
            </li>
          </BulletList>
        ),
      },
    ],
  },
  {
    id: 'prices',
    label: 'How prices work here',
    questions: [
      {
        id: 'where-prices-come-from',
        question: 'Where do your prices come from?',
        answer: (
          <p>
            From Amazon. We sell nothing ourselves: every price here is Amazon&apos;s, refreshed every night at 3:15 AM,
            and each product page shows the date and time its price was retrieved.
          </p>
        ),
      },
      {
        id: 'stale-prices',
        question: 'Why do I sometimes see "See price on Amazon" instead of a price?',
        answer: (
          <p>
            Product data here is never older than 24 hours. If a price could not be refreshed in time, we stop showing
            it and send you to Amazon to see the current one.
          </p>
        ),
      },
      {
        id: 'price-differs',
        question: 'Why is the price on Amazon different?',
        answer: (
          <p>
            Prices change during the day. The price displayed on Amazon at the time of purchase is the one that applies,
            so always verify it there before you buy.
          </p>
        ),
      },
      {
        id: 'affiliate',
        question: 'How does the site earn money?',
        answer: (
          <p>
            As an Amazon Associate I earn from qualifying purchases. When you follow one of our links to Amazon and buy
            something, Amazon pays us a small commission; you pay the same price as going to Amazon directly.
            Commissions never decide what we recommend. Read the full{' '}
            <TextLink to="/disclosure#affiliate">affiliate disclosure</TextLink> and{' '}
            <TextLink to="/disclosure#pricing">how prices are kept current</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: 'reviews',
    label: 'How reviews work',
    questions: [
      {
        id: 'write-a-review',
        question: 'How do I write a review?',
        answer: (
          <p>
            Press &quot;Write a Review&quot; on any product page. On a product&apos;s reviews page you sign in first:
            enter your e-mail address and we send you a one-time sign-in link (a magic link); follow it and your review
            is posted under the nickname you chose. Your e-mail address is never shown or shared.
          </p>
        ),
      },
      {
        id: 'moderation',
        question: "Why doesn't my review show up yet?",
        answer: (
          <p>
            Every review is read by a moderator before it appears, so it shows once it has been approved. Critical
            reviews are published just like positive ones, and we never edit what reviewers write; only spam and abuse
            are removed. See our <TextLink to="/disclosure#reviews">review policy</TextLink>.
          </p>
        ),
      },
      {
        id: 'two-ratings',
        question: 'Why does a product show two ratings?',
        answer: (
          <p>
            The stars next to a product&apos;s title and on product cards are Amazon&apos;s rating and review count.
            &quot;Community Reviews&quot; on the product page are written by collectors here, and their average comes
            only from the reviews we have approved.
          </p>
        ),
      },
    ],
  },
]
