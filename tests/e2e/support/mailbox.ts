import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'

// The real messages the web server sent, as its SMTP sink wrote them (tests/support/e2e-server.ts).

function mailDirectory(): string {
  const directory = process.env.E2E_MAIL_DIR
  if (!directory) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)')
  return directory
}

const recipients = (mail: ParsedMail) =>
  [mail.to]
    .flat()
    .flatMap((address) => address?.value ?? [])
    .map((entry) => entry.address?.toLowerCase())

/** The newest message to `to` (whose subject contains `subject`, if given), waiting for it to arrive. */
export async function waitForMail(
  to: string,
  { subject, timeoutMs = 15_000 }: { subject?: string; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const files = (await readdir(mailDirectory()).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse()
    for (const file of files) {
      const mail = await simpleParser(await readFile(join(mailDirectory(), file)))
      if (recipients(mail).includes(to.toLowerCase()) && (!subject || mail.subject?.includes(subject))) return mail
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` about "${subject}"` : ''} arrived`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The first link in the message's text part whose path starts with `path`. */
export function linkIn(mail: ParsedMail, path: string): string {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(path))
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`)
  return link
}
