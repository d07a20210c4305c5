import { BulletList, InfoPage, Section, sectionTitles, Strong, TextLink } from '#app/components/info-page.tsx'
import { useSiteName } from '#app/root.tsx'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { staticPageMeta } from '#app/utils/meta.ts'

// The affiliate disclosure (SPEC §2, AMAZON.md "What the Associates rules ask of the site"). Each section has an
// id so product pages and the footer can link to it, e.g. /disclosure#pricing.

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'Affiliate Disclosure',
  'How we earn from Amazon links, how often prices are refreshed, how we choose products, how reviews are moderated, and what personal data we keep.',
)

const disclosureSections = [
  { id: 'affiliate', label: 'Amazon Associates Program' },
  { id: 'pricing', label: 'Prices and product data' },
  { id: 'selection', label: 'How we choose products' },
  { id: 'reviews', label: 'Review policy' },
  { id: 'privacy', label: 'Privacy' },
] as const

const title = sectionTitles(disclosureSections)

export default function Disclosure() {
  const siteName = useSiteName()
  return (
    <InfoPage
      eyebrow="Transparency"
      title="Affiliate Disclosure"
      contents={disclosureSections}
      intro={
        <>
          <p className="font-semibold text-slate-900">As an Amazon Associate I earn from qualifying purchases.</p>
          <p>
            This page explains what that means for you, how the prices you see here are kept current, how products and
            reviews are chosen, and what we do, and do not do, with your data.
          </p>
        </>
      }
    >
      <Section id="affiliate" title={title('affiliate')}>
        <p>
          {siteName} is a participant in the Amazon Services LLC Associates Program, an affiliate advertising program
          designed to provide a means for sites to earn advertising fees by advertising and linking to Amazon.com.
        </p>
        <p>
          When you follow one of our links to Amazon and buy something, Amazon pays us a small commission. You pay
          exactly the same price as you would going to Amazon directly. We sell nothing ourselves: every order, payment,
          delivery and return is handled by Amazon.
        </p>
        <p>
          Commissions never decide what we recommend or how we rank it. Links to Amazon are marked as sponsored and open
          in a new tab.
        </p>
      </Section>

      <Section id="pricing" title={title('pricing')}>
        <BulletList>
          <li>
            <Strong>Refreshed nightly.</Strong> Prices, availability, ratings and images are refreshed from Amazon every
            night at 3:15 AM. The footer of every page shows when the last update ran.
          </li>
          <li>
            <Strong>Never older than 24 hours.</Strong> Product data is never cached for more than 24 hours. If a price
            cannot be refreshed in time, we stop showing it and send you to Amazon to see the current one instead.
          </li>
          <li>
            <Strong>Timestamped.</Strong> Each product page shows the date and time its price was last retrieved, next
            to the price.
          </li>
        </BulletList>
        <div className="rounded-lg border border-brand-500 bg-brand-50 p-4 text-slate-800">
          <p className="font-semibold text-slate-900">Always verify the price on Amazon before you buy.</p>
          <p className="mt-2">
            Prices and availability are accurate as of the date and time shown and are subject to change. Any price and
            availability information displayed on Amazon at the time of purchase will apply to the purchase of the
            product.
          </p>
        </div>
      </Section>

      <Section id="selection" title={title('selection')}>
        <p>Products are picked by hand, not by commission rate. Each one is weighed on four things:</p>
        <dl className="grid gap-4 sm:grid-cols-2">
          {[
            {
              term: 'Quality and archival standard',
              detail:
                'Acid-free and archival-safe materials, no PVC or plasticizers, and sizes that really fit the books they are sold for.',
            },
            {
              term: 'Community feedback',
              detail:
                'What collectors report after months and years of use: reviews here and on Amazon, and long-running hobby discussions.',
            },
            {
              term: 'Value',
              detail:
                'The price per bag, board or box against what you get, so a bulk pack of everyday bags earns its place as much as a premium sleeve.',
            },
            {
              term: 'Brand reputation',
              detail:
                'Makers with a record of consistent sizes and materials, such as BCW, Ultra PRO and E. Gerber, and that stand behind their products.',
            },
          ].map((item) => (
            <div key={item.term} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="font-semibold text-slate-900">{item.term}</dt>
              <dd className="mt-1 text-sm leading-6">{item.detail}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="reviews" title={title('reviews')}>
        <BulletList>
          <li>
            <Strong>Verified by e-mail.</Strong> To post a review you confirm your e-mail address with a magic link: we
            e-mail you a one-time sign-in link, and the review is posted once you follow it.
          </li>
          <li>
            <Strong>Moderated before publication.</Strong> Every review is read by a moderator before it appears on the
            site. Critical reviews are published just like positive ones.
          </li>
          <li>
            <Strong>Never edited.</Strong> We do not change what reviewers write. The only exception is spam or abuse,
            which is removed.
          </li>
        </BulletList>
      </Section>

      <Section id="privacy" title={title('privacy')}>
        <BulletList>
          <li>
            <Strong>Only your e-mail address.</Strong> It is the only personal information we collect, to send your
            review sign-in link and, if you subscribe, our weekly e-mail digest.
          </li>
          <li>
            <Strong>Never shared.</Strong> We do not sell, rent or share your e-mail address with anyone, and it is
            never shown on the site.
          </li>
          <li>
            <Strong>Your nickname, your choice.</Strong> Reviews appear under a nickname you pick, not your name or
            e-mail address.
          </li>
          <li>
            <Strong>No payments.</Strong> We handle no payments and never see card or billing details; every purchase
            happens on Amazon, under Amazon&apos;s own privacy notice.
          </li>
        </BulletList>
        <p>
          Questions about this page? <TextLink to="/contact">Contact us</TextLink>.
        </p>
      </Section>
    </InfoPage>
  )
}
