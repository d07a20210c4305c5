import { getEnv } from '#app/lib/env.server.ts'
import type { MailMessage } from '#app/lib/mail.server.ts'
import { escapeHtml } from './html.ts'
import { INVITATION_LINK_HOURS, RESET_LINK_HOURS } from './password-links.ts'

// The mail that carries a password link: a reset asked for on /admin/forgot-password, or the invitation
// an admin's "Add user" sends (the same link, worded for a first password).

export function passwordLinkUrl(token: string): string {
  return `${getEnv().SITE_URL}/admin/reset-password?token=${encodeURIComponent(token)}`
}

export function passwordResetMail(to: string, token: string): MailMessage {
  const { SITE_NAME } = getEnv()
  const link = passwordLinkUrl(token)
  return {
    to,
    subject: `Reset your ${SITE_NAME} admin password`,
    text: [
      `Someone asked to reset the password of your ${SITE_NAME} admin account. To choose a new one, open:`,
      '',
      link,
      '',
      `The link expires in ${RESET_LINK_HOURS} hour and works once. If you did not ask for this, ignore this message: your password stays as it is.`,
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your ${escapeHtml(SITE_NAME)} admin account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link expires in ${RESET_LINK_HOURS} hour and works once. If you did not ask for this, ignore this message: your password stays as it is.</p>`,
  }
}

export function invitationMail(to: string, token: string, role: string): MailMessage {
  const { SITE_NAME } = getEnv()
  const link = passwordLinkUrl(token)
  return {
    to,
    subject: `Set your password for the ${SITE_NAME} admin panel`,
    text: [
      `You have been given ${role} access to the ${SITE_NAME} admin panel. To set your password, open:`,
      '',
      link,
      '',
      `The link expires in ${INVITATION_LINK_HOURS} hours and works once. After that, use "Forgot password?" on the sign-in page.`,
    ].join('\n'),
    html: `<p>You have been given ${escapeHtml(role)} access to the ${escapeHtml(SITE_NAME)} admin panel.</p>
<p><a href="${escapeHtml(link)}">Set your password</a></p>
<p>The link expires in ${INVITATION_LINK_HOURS} hours and works once. After that, use “Forgot password?” on the sign-in page.</p>`,
  }
}
