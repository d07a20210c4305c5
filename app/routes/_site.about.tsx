import { BulletList, DataTable, InfoPage, Section, Strong, TextLink } from '#app/components/info-page.tsx'
import { useSiteName } from '#app/root.tsx'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { staticPageMeta } from '#app/utils/meta.ts'

// About (SPEC §2): selected supplies from key brands; bags, boards, boxes; storage and protection supplies;
// product tiers and uses; honest reviews from real collectors.

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'About',
  'Who we are and how we choose comic bags, boards, sleeves and boxes: carefully selected supplies from trusted brands, explained tier by tier, with honest reviews from real collectors.',
)

const brands = [
  { name: 'BCW', note: 'the workhorse of the hobby: bags, boards, short and long boxes, dividers and toploaders.' },
  { name: 'Ultra PRO', note: 'resealable bags, boards and rigid holders, widely stocked and consistent in size.' },
  { name: 'E. Gerber', note: 'archival Mylar sleeves and buffered full-back boards trusted for long-term storage.' },
  { name: 'Max Pro', note: 'Mylar sleeves, thick boards and boxes with lids at a good price per unit.' },
  {
    name: 'Bags Unlimited',
    note: 'archival sleeves, boards and treasury bags in the sizes older and oversized books need.',
  },
  { name: 'Comic Concepts', note: 'resealable bags, tape-flap Mylar sleeves and heavy-duty long boxes.' },
] as const

const tiers = [
  {
    tier: 'Everyday',
    supplies: 'Polyethylene or polypropylene bags with standard acid-free boards, in short or long boxes',
    uses: 'Reading copies, new releases, long runs and bulk storage',
    care: 'Re-bag every few years, or when bags turn cloudy or brittle',
  },
  {
    tier: 'Collector',
    supplies: 'Polypropylene bags with acid-free boards; thicker, full-back boards for heavier books',
    uses: 'The books you care about: favorite runs, first appearances, signed copies',
    care: 'Re-bag about every five to seven years',
  },
  {
    tier: 'Archival',
    supplies: 'Mylar sleeves with buffered, acid-free full-back boards; rigid holders for display',
    uses: 'Keys, high-grade copies, and Golden and Silver Age books on aging newsprint',
    care: 'Decades; check boards now and then on very old books',
  },
] as const

export default function About() {
  const siteName = useSiteName()
  return (
    <InfoPage
      eyebrow="About us"
      title={`About ${siteName}`}
      intro={
        <p>
          We are comic collectors who got tired of guessing which bag fits which book, which boards are really acid-free
          and whether a Mylar sleeve is worth the money. {siteName} gathers the storage supplies we trust in one place,
          explains what each one is for, and links you to Amazon to buy them.
        </p>
      }
    >
      <Section id="selection" title="Carefully selected supplies from key brands">
        <p>
          We do not list everything that calls itself a comic bag. Every product here is chosen by hand from brands
          collectors have relied on for years, and checked for the things that matter: archival-safe materials, sizes
          that match the books they are sold for, and a fair price per unit.
        </p>
        <BulletList>
          {brands.map((brand) => (
            <li key={brand.name}>
              <Strong>{brand.name}</Strong>: {brand.note}
            </li>
          ))}
        </BulletList>
        <p>
          How we weigh quality, community feedback, value and brand reputation is set out in our{' '}
          <TextLink to="/disclosure#selection">affiliate disclosure</TextLink>.
        </p>
      </Section>

      <Section id="bags-boards-boxes" title="Bags, boards and boxes">
        <p>Almost every collection, from a first pull list to a wall of long boxes, rests on three things.</p>
        <h3 className="pt-2 text-lg font-semibold text-slate-900">Bags and sleeves</h3>
        <p>
          A bag keeps out dust, moisture, fingerprints and the oils from your hands. Polypropylene bags are the everyday
          choice, polyethylene is the softer budget option, and Mylar is the archival one. Our{' '}
          <TextLink to="/compare-sleeves">sleeve comparison</TextLink> sets the three side by side.
        </p>
        <h3 className="pt-2 text-lg font-semibold text-slate-900">Backing boards</h3>
        <p>
          A board keeps the comic flat, stops spine roll and protects the corners. Choose acid-free boards; buffered
          boards go further and absorb the acid that old newsprint gives off as it ages. Boards must match the bag: see
          the <TextLink to="/sizes-guide">sizes guide</TextLink> for the right pair for each era.
        </p>
        <h3 className="pt-2 text-lg font-semibold text-slate-900">Boxes</h3>
        <p>
          Boxes shut out light, the fastest way to fade a cover, and keep books upright so they do not slump. A short
          box holds about 150 bagged and boarded comics and is easy to lift; a long box holds about 300 and gives the
          most storage per dollar.
        </p>
      </Section>

      <Section id="storage-and-protection" title="Storage and protection supplies">
        <p>Beyond the basics, we cover the supplies for books that need something more:</p>
        <BulletList>
          <li>
            <TextLink to="/category/toploaders">Toploaders and rigid holders</TextLink> for books you display or ship.
          </li>
          <li>
            <TextLink to="/category/magazine-bags">Magazine bags</TextLink> for treasury editions, magazines and
            oversized annuals.
          </li>
          <li>
            <TextLink to="/category/dividers">Comic dividers</TextLink> to split a box by title, publisher or issue.
          </li>
          <li>
            <TextLink to="/category/graded-comic-storage">Graded comic storage</TextLink> for CGC, CBCS and PGX slabs.
          </li>
        </BulletList>
      </Section>

      <Section id="tiers" title="Product tiers and uses">
        <p>
          Not every comic needs a Mylar sleeve. Match the protection to the book, and spend where it counts. Our{' '}
          <TextLink to="/starter-kits">starter kits</TextLink> put these tiers together into ready shopping lists.
        </p>
        <DataTable
          look="inline"
          captionId="tiers-caption"
          caption="Three tiers of comic protection"
          columns={[
            { label: 'Tier' },
            { label: 'Typical supplies' },
            { label: 'Best used for' },
            { label: 'How long it lasts' },
          ]}
          rows={tiers.map((row) => ({ key: row.tier, header: row.tier, cells: [row.supplies, row.uses, row.care] }))}
        />
      </Section>

      <Section id="reviews" title="Honest reviews from real collectors">
        <p>
          Star ratings on a product page tell you little about whether a bag fits a 1960s annual. That is why we publish
          reviews from collectors who have used the supplies, good and bad.
        </p>
        <BulletList>
          <li>Every reviewer confirms their e-mail address with a sign-in link before a review is posted.</li>
          <li>Every review is read by a moderator before it appears, to keep out spam and abuse.</li>
          <li>We never edit what a reviewer wrote, and critical reviews are published like any other.</li>
        </BulletList>
        <p>
          The full policy is in our <TextLink to="/disclosure#reviews">affiliate disclosure</TextLink>. Used something
          we list? Leave a review on its product page.
        </p>
      </Section>

      <Section id="how-we-earn" title="How we are paid">
        <p>
          We sell nothing ourselves and handle no payments. When you buy through our links, Amazon pays us a small
          commission at no extra cost to you; that keeps the guides free. Read the details in our{' '}
          <TextLink to="/disclosure">affiliate disclosure</TextLink>, or <TextLink to="/contact">contact us</TextLink>{' '}
          with a question or a product you think we should list.
        </p>
      </Section>
    </InfoPage>
  )
}
