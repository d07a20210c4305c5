import { getEnv } from '#app/lib/env.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { unsubscribeUrl } from '#app/utils/subscription-mail.server.ts'

// The weekly digest: the week's new and featured products, each linked to its page on our site. No /go link,
// Amazon address or price: Amazon's rules keep affiliate links out of e-mail, and a mail is read long after a
// price's 24 hours (AMAZON.md; docs/decisions/076). The product page has today's price and the way out.

export interface DigestProduct {
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
export function digestMailer({ newProducts, featured }: DigestContent): (recipient: DigestRecipient) => MailMessage {
  const { SITE_NAME, SITE_URL } = getEnv()
  const sections = [
    { heading: 'New this week', products: newProducts },
    { heading: 'Featured', products: featured },
  ]
    .filter((section) => section.products.length > 0)
    .map(({ heading, products }) => ({
      heading,
      items: products.map((product) => ({
        title: product.title,
        link: `${SITE_URL}/product/${encodeURIComponent(product.asin)}`,
      })),
    }))

  const subject = `This week at ${SITE_NAME}: new and featured comic storage supplies`
  const text = sections
    .map(({ heading, items }) => [heading, '', ...items.map((item) => `- ${item.title}\n  ${item.link}`)].join('\n'))
    .join('\n\n')
  const html = sections
    .map(
      ({ heading, items }) =>
        `<h2>${escapeHtml(heading)}</h2>\n<ul>\n${items
          .map((item) => `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a></li>`)
          .join('\n')}\n</ul>`,
    )
    .join('\n')
  const pricing = 'Each product’s page shows its current price and where to buy it.'
  const disclosure = 'As an Amazon Associate I earn from qualifying purchases.'

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
        pricing,
        disclosure,
        '',
        // Links stand alone at the ends of lines, so no reader takes a full stop for part of one.
        `You receive this because you subscribed at ${SITE_URL}`,
        `Unsubscribe: ${leave}`,
      ].join('\n'),
      html: `<h1>${escapeHtml(SITE_NAME)} weekly digest</h1>
${html}
<p>${escapeHtml(pricing)} ${escapeHtml(disclosure)}</p>
<p>You receive this because you subscribed at ${escapeHtml(SITE_URL)}. <a href="${escapeHtml(leave)}">Unsubscribe</a></p>`,
      headers: {
        // RFC 8058: mail providers show an unsubscribe button that POSTs "List-Unsubscribe=One-Click" to this URL.
        'List-Unsubscribe': `<${leave}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }
  }
}
