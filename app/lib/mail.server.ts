import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv } from './env.server.ts'
import { logger } from './logger.server.ts'

export interface MailMessage {
  to: string
  subject: string
  /** Both parts are required: some readers show only one of them. */
  text: string
  html: string
  /** Extra headers, e.g. List-Unsubscribe on the digest. */
  headers?: Record<string, string>
}

let transporter: Transporter | undefined

/**
 * Sends one message now: over SMTP_URL, or, when it is unset, into the log with its links so a local
 * run can follow them. Callers that can wait enqueue the `send-mail` job instead, which retries.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const env = getEnv()
  if (!env.SMTP_URL) {
    logger.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail (SMTP_URL unset)')
    return
  }
  transporter ??= nodemailer.createTransport(env.SMTP_URL)
  await transporter.sendMail({ from: env.MAIL_FROM, ...message })
}
