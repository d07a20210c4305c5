// The default text of /disclosure, below its title (app/content/default-pages.ts). Product pages, the footer and
// the other pages link to its sections by id (/disclosure#pricing), so those ids must stay.
export const body = `**As an Amazon Associate I earn from qualifying purchases.**

This page explains what that means for you, how the prices you see here are kept current, how products and reviews are chosen, and what we do, and do not do, with your data.

## Amazon Associates Program {#affiliate}

:site-name is a participant in the Amazon Services LLC Associates Program, an affiliate advertising program designed to provide a means for sites to earn advertising fees by advertising and linking to Amazon.com.

When you follow one of our links to Amazon and buy something, Amazon pays us a small commission. You pay exactly the same price as you would going to Amazon directly. We sell nothing ourselves: every order, payment, delivery and return is handled by Amazon.

Commissions never decide what we recommend or how we rank it. Links to Amazon are marked as sponsored and open in a new tab.

## Prices and product data {#pricing}

- **Refreshed nightly.** Prices, availability, ratings and images are refreshed from Amazon every night at 3:15 AM. The footer of every page shows when the last update ran.
- **Never older than 24 hours.** Product data is never cached for more than 24 hours. If a price cannot be refreshed in time, we stop showing it and send you to Amazon to see the current one instead.
- **Timestamped.** Each product page shows the date and time its price was last retrieved, next to the price.

**Always verify the price on Amazon before you buy.**

Prices and availability are accurate as of the date and time shown and are subject to change. Any price and availability information displayed on Amazon at the time of purchase will apply to the purchase of the product.

## How we choose products {#selection}

Products are picked by hand, not by commission rate. Each one is weighed on four things:

- **Quality and archival standard**

  Acid-free and archival-safe materials, no PVC or plasticizers, and sizes that really fit the books they are sold for.

- **Community feedback**

  What collectors report after months and years of use: reviews here and on Amazon, and long-running hobby discussions.

- **Value**

  The price per bag, board or box against what you get, so a bulk pack of everyday bags earns its place as much as a premium sleeve.

- **Brand reputation**

  Makers with a record of consistent sizes and materials, such as BCW, Ultra PRO and E. Gerber, and that stand behind their products.

## Review policy {#reviews}

- **Verified by e-mail.** To post a review you confirm your e-mail address with a magic link: we e-mail you a one-time sign-in link, and the review is posted once you follow it.
- **Moderated before publication.** Every review is read by a moderator before it appears on the site. Critical reviews are published just like positive ones.
- **Never edited.** We do not change what reviewers write. The only exception is spam or abuse, which is removed.

## Privacy {#privacy}

- **Only your e-mail address.** It is the only personal information we collect, to send your review sign-in link and, if you subscribe, our weekly e-mail digest.
- **Never shared.** We do not sell, rent or share your e-mail address with anyone, and it is never shown on the site.
- **Your nickname, your choice.** Reviews appear under a nickname you pick, not your name or e-mail address.
- **No payments.** We handle no payments and never see card or billing details; every purchase happens on Amazon, under Amazon's own privacy notice.

Questions about this page? [Contact us](/contact).
`
