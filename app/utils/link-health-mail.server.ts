import { getEnv } from '#app/lib/env.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { LINK_HEALTH_PATH } from '#app/schemas/link-health.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { LINK_PROBLEM_LABELS, type LinkProblemKind } from '#app/utils/link-health.ts'

// The daily link-health e-mail to the panel users who asked for it (docs/decisions/047): the problems found
// since the last one, each with its product's panel page, and a link to the Link health tab. A problem's detail
// stays on the tab: it is Amazon's own text or a price jump's prices, and no mail carries an Amazon address or a
// price (docs/decisions/076).

export interface MailedProblem {
  kind: LinkProblemKind
  detected_at: Date
  title: string
  asin: string
  product_id: number
}

/** Problems listed in one e-mail; the rest are counted, and the tab shows them all. */
export const MAILED_PROBLEMS = 50

/** Renders the list once for a run and returns each recipient's message (they differ only in the address). */
export function linkHealthMailer(problems: readonly MailedProblem[]): (recipient: { email: string }) => MailMessage {
  const { SITE_NAME, SITE_URL, REFRESH_TZ } = getEnv()
  const tab = `${SITE_URL}${LINK_HEALTH_PATH}`
  const settings = `${SITE_URL}/admin/settings`
  const listed = problems.slice(0, MAILED_PROBLEMS)
  const more = problems.length - listed.length
  const items = listed.map((problem) => ({
    heading: `${problem.title} (${problem.asin})`,
    line: `${LINK_PROBLEM_LABELS[problem.kind]}, found ${formatDateTime(problem.detected_at, REFRESH_TZ)}`,
    link: `${SITE_URL}/admin/products/${problem.product_id}`,
  }))
  const count = `${problems.length} new link problem${problems.length === 1 ? '' : 's'}`
  const subject = `${SITE_NAME}: ${count}`
  const intro = `The nightly refresh found ${count} with products' Amazon links. Each is listed with its product's page in the panel; the Link health tab has what Amazon answered and the fixes.`
  const moreLine = more > 0 ? `And ${more} more.` : null
  const why = 'You receive this because you asked for it in the admin settings; untick the box there to stop.'
  const text = [
    intro,
    '',
    ...items.map((item) => `- ${item.heading}\n  ${item.line}\n  ${item.link}`),
    ...(moreLine ? ['', moreLine] : []),
    '',
    // Links stand alone at the ends of lines, so no reader takes a full stop for part of one.
    `See them all and act on them: ${tab}`,
    '',
    why,
    `Settings: ${settings}`,
  ].join('\n')
  const html = `<p>${escapeHtml(intro)}</p>
<ul>
${items
  .map(
    (item) =>
      `<li><a href="${escapeHtml(item.link)}"><strong>${escapeHtml(item.heading)}</strong></a><br>${escapeHtml(item.line)}</li>`,
  )
  .join('\n')}
</ul>
${moreLine ? `<p>${escapeHtml(moreLine)}</p>\n` : ''}<p><a href="${escapeHtml(tab)}">See them all on the Link health tab</a></p>
<p>${escapeHtml(why)} <a href="${escapeHtml(settings)}">Settings</a></p>`
  return ({ email }) => ({ to: email, subject, text, html })
}
