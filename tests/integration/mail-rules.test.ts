import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { createProduct, hoursAgo, nextAsin } from '#tests/support/catalogue.ts'
import { mailQueueIdle, startMailDelivery } from '#tests/support/mail-delivery.ts'
import { createPanelUser } from '#tests/support/panel-users.ts'
import { callAction } from '#tests/support/remix.ts'

// Every kind of mail the app sends, sent the way the app sends it, from rows as the catalogue holds them (prices,
// tagged Amazon URLs, hotlinked images, Amazon's own texts) and read off a real SMTP server: none carries /go/, an
// Amazon address or a price, in its subject, text, HTML or headers (DESIGN §6; AMAZON.md, "No Special Links in
// e-mail"; docs/decisions/076). A new kind fails the last test until it is added here.

// A tagged site: the stored URLs carry the tag, as they do on a real one.
process.env.AFFILIATE_TAG = 'comicvault-20'
const sink = await startMailDelivery()

const { sendDigestJob } = await import('#jobs/send-digest.ts')
const { sendLinkHealthJob } = await import('#jobs/send-link-health.ts')
const { recordProblem } = await import('#app/models/link-health.server.ts')
const { sendReviewSignInLink } = await import('#app/lib/reviewer-auth.server.ts')
const { addPanelUser, sendPasswordResetLink } = await import('#app/services/panel-user.server.ts')
const { NO_OFFER_DETAIL, priceJump } = await import('#app/utils/link-health.ts')
const subscribeRoute = await import('#app/routes/_site.subscribe.tsx')
const { db } = await import('#db/client.ts')

const FORBIDDEN: Array<[string, RegExp]> = [
  ['an affiliate redirect (/go/)', /\/go\//i],
  ['an Amazon address', /amazon\.[a-z]{2,3}\b|amzn\.(?:to|com)\b|media-amazon\.com|ssl-images-amazon\.com/i],
  ['a price', /[$€£¥]\s?\d|\d\s?[$€£¥]|\b(?:USD|EUR|GBP|CAD|AUD|JPY)\b/],
]

/** The mail's every part a reader or a mail program sees: subject, text, HTML and header lines. */
function partsOf(mail: ParsedMail): Record<string, string> {
  return {
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    // Unfolded, so that no match is split across a folded line.
    headers: mail.headerLines.map((header) => header.line.replace(/\r?\n[ \t]+/g, ' ')).join('\n'),
  }
}

/** What in `mail` breaks the rule, as "part: what (the match)". */
function breaches(mail: ParsedMail): string[] {
  return Object.entries(partsOf(mail)).flatMap(([part, content]) =>
    FORBIDDEN.flatMap(([what, pattern]) => {
      const found = pattern.exec(content)
      return found ? [`${part}: ${what} (${found[0]})`] : []
    }),
  )
}

const to = (mail: ParsedMail) => [mail.to].flat().map((address) => address?.text.toLowerCase())

// The rows the mails are made from, as a refreshed catalogue holds them: a tagged URL, a hotlinked image, prices.
function product(values: Parameters<typeof createProduct>[0]) {
  const asin = nextAsin()
  return createProduct({
    asin,
    affiliate_url: `https://www.amazon.com/dp/${asin}?tag=comicvault-20&th=1`,
    image_url: `https://m.media-amazon.com/images/I/${asin}._AC_SL1500_.jpg`,
    ...values,
  })
}
const newProduct = await product({
  title: 'BCW Current Comic Bags, 100 count',
  price: '12.34',
  created_at: hoursAgo(24),
})
const manual = await product({ title: 'Long Comic Box', price: '20.00', manual_price: '17.50' })
const stale = await product({ title: 'Acid-Free Backing Boards', price: '99.99', last_updated: hoursAgo(30) })
const featured = await product({
  title: 'Mylar Sleeves, Silver Age',
  price: '30.00',
  is_featured: true,
  created_at: hoursAgo(40 * 24),
})
// A problem of every kind, with the detail the refresh records: Amazon's own words, or a jump's prices.
const details = {
  'price-jump': priceJump('10.00', '14.50')!,
  rejected: `The ItemId ${stale.asin} is not accessible through the Creators API. See https://affiliate-program.amazon.com/help`,
  unavailable: 'Currently unavailable.',
  'no-offer': NO_OFFER_DETAIL,
} as const
for (const [kind, detail] of Object.entries(details)) {
  await recordProblem(db, stale.id, kind as keyof typeof details, detail)
}

const admin = await createPanelUser('admin')
await db.updateTable('users').set({ link_health_email: true }).where('id', '=', admin.id).execute()
await db.insertInto('subscribers').values({ email: 'reader@example.com', status: 'confirmed' }).execute()

/**
 * Each kind of mail: the builder that renders it (a function declared to return a MailMessage), the files that hand
 * it to the queue or to SMTP, and how the app comes to send it, to `recipient`.
 */
const KINDS = [
  {
    kind: 'weekly digest',
    builder: 'digestMailer',
    sentFrom: ['jobs/send-digest.ts', 'jobs/digest-cli.ts'],
    recipient: 'reader@example.com',
    send: () => sendDigestJob({ runKey: 'mail-rules' }),
  },
  {
    kind: 'link-health report',
    builder: 'linkHealthMailer',
    sentFrom: ['jobs/send-link-health.ts'],
    recipient: admin.email,
    send: () => sendLinkHealthJob({}),
  },
  {
    kind: 'subscription confirmation',
    builder: 'confirmationMail',
    sentFrom: ['app/routes/_site.subscribe.tsx'],
    recipient: 'new-reader@example.com',
    send: () => callAction(subscribeRoute.action, '/subscribe', { email: 'new-reader@example.com' }),
  },
  {
    kind: 'reviewer sign-in link',
    builder: 'signInMail',
    sentFrom: ['app/lib/reviewer-auth.server.ts'],
    recipient: 'reviewer@example.com',
    send: () =>
      sendReviewSignInLink('reviewer@example.com', featured.id, {
        nickname: 'Collector',
        rating: 5,
        comment: 'Kept my Silver Age books flat for years.',
      }),
  },
  {
    kind: 'password reset',
    builder: 'passwordResetMail',
    sentFrom: ['app/services/panel-user.server.ts'],
    recipient: admin.email,
    send: () => sendPasswordResetLink(admin.email),
  },
  {
    kind: 'panel invitation',
    builder: 'invitationMail',
    sentFrom: ['app/services/panel-user.server.ts'],
    recipient: 'new-editor@example.com',
    send: () => addPanelUser(admin.id, { email: 'new-editor@example.com', role: 'editor' }),
  },
]
/** Where every kind's message reaches SMTP: the send-mail job. */
const TRANSPORT = ['jobs/send-mail.ts']

/** The app's own source files (not its tests). */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}
const SOURCES = [...sourceFiles('app'), ...sourceFiles('jobs')]

/** Every function in the source declared to return a MailMessage (itself, or a function that does). */
function declaredBuilders(): string[] {
  const names: string[] = []
  for (const file of SOURCES) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes('MailMessage')) continue
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      const isFunction =
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      if (isFunction && node.type && /\bMailMessage\b/.test(node.type.getText(source))) {
        const name = ts.isFunctionDeclaration(node)
          ? node.name?.text
          : ts.isVariableDeclaration(node.parent)
            ? node.parent.name.getText(source)
            : undefined
        names.push(name ?? `an unnamed function in ${file}`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return names.sort()
}

/** Each place that hands a message to the mail queue or to SMTP, by its file, once per place. */
function sendingPlaces(): string[] {
  return SOURCES.flatMap((file) => {
    const text = readFileSync(file, 'utf8')
    const places = text.match(/enqueue\(\s*'send-mail'|(?<![.\w]|function )sendMail\(/g) ?? []
    return places.map(() => file)
  }).sort()
}

describe('no mail carries /go/, an Amazon address or a price', () => {
  const received = new Map<string, ParsedMail>()

  test.each(KINDS)('$kind', async ({ kind, recipient, send }) => {
    const before = new Set(sink.messages)
    await send()
    await mailQueueIdle()
    const sent = sink.messages.filter((mail) => !before.has(mail) && to(mail).includes(recipient.toLowerCase()))
    expect(sent, `one ${kind} to ${recipient}`).toHaveLength(1)
    received.set(kind, sent[0]!)
    expect(breaches(sent[0]!)).toEqual([])
  })

  test('the mails are made from the rows: the products and problems are there, by our own addresses', () => {
    const digest = partsOf(received.get('weekly digest')!)
    for (const product of [newProduct, manual, stale, featured]) {
      expect(digest.text).toContain(product.title)
      expect(digest.html).toContain(`href="http://localhost:3000/product/${product.asin}"`)
    }
    // The disclosure (AMAZON.md) and the one-click unsubscribe (RFC 8058) stay.
    expect(digest.text).toContain('As an Amazon Associate I earn from qualifying purchases.')
    expect(digest.headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?id=\d+&sig=[\w-]+>$/m)
    expect(digest.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)

    const report = partsOf(received.get('link-health report')!)
    expect(report.subject).toBe('Comic Vault Supplies: 4 new link problems')
    for (const label of ['Price jump', 'Rejected by Amazon', 'Unavailable', 'No offer'])
      expect(report.text).toContain(label)
    expect(report.html).toContain(`href="http://localhost:3000/admin/products/${stale.id}"`)
    expect(report.html).toContain('href="http://localhost:3000/admin/products/link-health"')
  })

  test('every kind of mail is covered: each builder and each place that sends mail is in the list above', () => {
    expect(declaredBuilders()).toEqual(KINDS.map((entry) => entry.builder).sort())
    expect(sendingPlaces()).toEqual([...KINDS.flatMap((entry) => entry.sentFrom), ...TRANSPORT].sort())
  })

  test('the rule catches what it is for', () => {
    const mail = (text: string) => ({ subject: '', text, html: '', headerLines: [] }) as unknown as ParsedMail
    for (const text of [
      'http://localhost:3000/go/B000000001',
      'https://www.amazon.com/dp/B000000001',
      'https://www.amazon.co.uk/dp/B000000001',
      'https://amzn.to/3xYz',
      'https://m.media-amazon.com/images/I/71aB.jpg',
      'https://images-na.ssl-images-amazon.com/images/I/71aB.jpg',
      'Now $12.34',
      'Now 12.34 USD',
      '12,34 €',
    ]) {
      expect(breaches(mail(text)), text).not.toEqual([])
    }
    expect(breaches(mail('As an Amazon Associate I earn from qualifying purchases. See the Amazon links.'))).toEqual([])
  })
})
