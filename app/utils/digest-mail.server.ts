import { getEnv } from '#app/lib/env.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { displayPrice, type PriceFields } from '#app/utils/pricing.ts'
import { unsubscribeUrl } from '#app/utils/subscription-mail.server.ts'

// The weekly digest: the week's new and featured products, each linked through /go (so clicks are counted
// and the affiliate tag is applied), priced by the storefront's one rule.

export interface DigestProduct extends PriceFields {
  asin: string
  title: string
}

export interface DigestContent {
  newProducts: DigestProduct[]
  featured: DigestProduct[]
}

export interface DigestRecipient {
  id: number
  email: string
}

/**
 * Renders the product sections once for a run and returns the message for each subscriber, who differ
 * only in their unsubscribe link.
 */
export function digestMailer(
  { newProducts, featured }: DigestContent,
  now: Date = new Date(),
): (recipient: DigestRecipient) => MailMessage {
  const { SITE_NAME, SITE_URL, REFRESH_TZ } = getEnv()
  const sections = [
    { heading: 'New this week', products: newProducts },
    { heading: 'Featured', products: featured },
  ]
    .filter((section) => section.products.length > 0)
    .map(({ heading, products }) => ({
      heading,
      items: products.map((product) => {
        const price = displayPrice(product, now)
        return {
          title: product.title,
          // A price older than 24 hours is not current (Amazon's rule): send readers to Amazon for it.
          price: price.current
            ? `${price.formatted} (as of ${formatDateTime(price.asOf, REFRESH_TZ)})`
            : 'See price on Amazon',
          link: `${SITE_URL}/go/${encodeURIComponent(product.asin)}`,
        }
      }),
    }))

  const subject = `This week at ${SITE_NAME}: new and featured comic storage supplies`
  const text = sections
    .map(({ heading, items }) =>
      [heading, '', ...items.map((item) => `- ${item.title}\n  ${item.price}\n  ${item.link}`)].join('\n'),
    )
    .join('\n\n')
  const html = sections
    .map(
      ({ heading, items }) =>
        `<h2>${escapeHtml(heading)}</h2>\n<ul>\n${items
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a> — ${escapeHtml(item.price)}</li>`,
          )
          .join('\n')}\n</ul>`,
    )
    .join('\n')
  const disclosure = `Prices can change; check the price on Amazon before you buy. As an Amazon Associate ${SITE_NAME} earns from qualifying purchases.`

  return ({ id, email }) => {
    const leave = unsubscribeUrl(id)
    return {
      to: email,
      subject,
      text: [
        `${SITE_NAME} weekly digest`,
        '',
        text,
        '',
        disclosure,
        '',
        // Links stand alone at the ends of lines, so no reader takes a full stop for part of one.
        `You receive this because you subscribed at ${SITE_URL}`,
        `Unsubscribe: ${leave}`,
      ].join('\n'),
      html: `<h1>${escapeHtml(SITE_NAME)} weekly digest</h1>
${html}
<p>${escapeHtml(disclosure)}</p>
<p>You receive this because you subscribed at ${escapeHtml(SITE_URL)}. <a href="${escapeHtml(leave)}">Unsubscribe</a></p>`,
      headers: {
        // RFC 8058: mail providers show an unsubscribe button that POSTs "List-Unsubscribe=One-Click" to this URL.
        'List-Unsubscribe': `<${leave}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }
  }
}
