import { createHmac, timingSafeEqual } from 'node:crypto'
import { getEnv, sessionSecret } from '#app/lib/env.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { escapeHtml } from './html.ts'

// Links in subscription mail. Unsubscribe links are signed, so they need no stored token and never expire.

function signature(id: number): string {
  return createHmac('sha256', sessionSecret()).update(`unsubscribe:${id}`).digest('base64url')
}

export function unsubscribeUrl(id: number): string {
  return `${getEnv().SITE_URL}/unsubscribe?id=${id}&sig=${signature(id)}`
}

export function verifyUnsubscribe(id: string | null, sig: string | null): number | null {
  const number = Number(id)
  if (!Number.isSafeInteger(number) || number <= 0 || !sig) return null
  const expected = Buffer.from(signature(number))
  const given = Buffer.from(sig)
  return expected.length === given.length && timingSafeEqual(expected, given) ? number : null
}

export function confirmationMail(to: string, subscriber: { id: number; token: string }): MailMessage {
  const { SITE_NAME, SITE_URL } = getEnv()
  const confirm = `${SITE_URL}/subscribe/confirm?token=${encodeURIComponent(subscriber.token)}`
  const leave = unsubscribeUrl(subscriber.id)
  return {
    to,
    subject: `Confirm your subscription to ${SITE_NAME}`,
    text: [
      `Please confirm that you want the ${SITE_NAME} weekly digest of new and featured comic storage supplies:`,
      '',
      confirm,
      '',
      `If you did not ask for this, ignore this message. To stop all mail from us: ${leave}`,
    ].join('\n'),
    html: `<p>Please confirm that you want the ${escapeHtml(SITE_NAME)} weekly digest of new and featured comic storage supplies.</p>
<p><a href="${escapeHtml(confirm)}">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this message. <a href="${escapeHtml(leave)}">Stop all mail from us</a>.</p>`,
  }
}
