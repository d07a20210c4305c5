import { createHmac } from 'node:crypto'
import { createCookieSessionStorage } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { EmailLinkStrategy } from 'remix-auth-email-link'
import { createSignInLink, useSignInLink, type ReviewDraft } from '#app/models/review-sign-in-link.server.ts'
import { findOrCreateUserByEmail } from '#app/models/user.server.ts'
import { escapeHtml } from '#app/utils/html.ts'
import { db } from '#db/client.ts'
import { enqueue } from '#jobs/queues.ts'
import { getEnv, sessionSecret } from './env.server.ts'
import type { MailMessage } from './mail.server.ts'

/**
 * The reviews page's e-mailed sign-in link (remix-auth-email-link). The link's token is encrypted and
 * carries only the address and the id of a `review_sign_in_links` row; the row holds the review typed
 * before asking, makes the link single use, and expires with it.
 */

export const SIGN_IN_LINK_MINUTES = 15
const CALLBACK_PATH = '/auth/review-link'

interface VerifiedReviewer {
  userId: number
  email: string
  asin: string
}

class LinkNotUsable extends Error {}

let authenticator: Authenticator<VerifiedReviewer | null> | undefined

function reviewerAuthenticator() {
  if (authenticator) return authenticator
  const env = getEnv()
  // remix-auth wants somewhere to keep its flow state; ours lives in the database, so this cookie is never sent.
  const flowStorage = createCookieSessionStorage({
    cookie: { name: 'cv_auth', path: '/', httpOnly: true, sameSite: 'lax', secrets: [sessionSecret()] },
  })
  authenticator = new Authenticator<VerifiedReviewer | null>(flowStorage)
  authenticator.use(
    new EmailLinkStrategy<VerifiedReviewer | null>(
      {
        callbackURL: CALLBACK_PATH,
        // Its own key, derived from the session secret, so a token can never stand in for anything else.
        secret: createHmac('sha256', sessionSecret()).update('review-sign-in-link').digest('base64url'),
        linkExpirationTime: SIGN_IN_LINK_MINUTES * 60 * 1000,
        sendEmail: ({ emailAddress, magicLink }) =>
          enqueue('send-mail', signInMail(emailAddress, magicLink, env.SITE_NAME)),
      },
      async ({ email, form, magicLinkVerify }) => {
        // Asked once before the link is sent (to find an existing account): nobody is signed in until it is followed.
        if (!magicLinkVerify) return null
        const linkId = form.get('link')
        return db.transaction().execute(async (trx) => {
          const link = typeof linkId === 'string' ? await useSignInLink(trx, linkId, email) : undefined
          if (!link) throw new LinkNotUsable('This sign-in link has already been used or has expired.')
          const user = await findOrCreateUserByEmail(trx, email)
          return { userId: user.id, email: user.email, asin: link.asin }
        })
      },
    ),
  )
  return authenticator
}

/**
 * Keeps the draft and mails the visitor a link that signs them in and brings them back to the product's
 * reviews. Throws when the mail cannot be queued.
 */
export async function sendReviewSignInLink(email: string, productId: number, draft: ReviewDraft): Promise<void> {
  const expiresAt = new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60 * 1000)
  const linkId = await createSignInLink(db, { ...draft, email, productId, expiresAt })
  const site = new URL(getEnv().SITE_URL)
  // The strategy builds the link from the request's host: we hand it ours, never the visitor's Host header.
  const request = new Request(new URL(CALLBACK_PATH, site), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-Host': site.host,
      'X-Forwarded-Proto': site.protocol.replace(':', ''),
    },
    body: new URLSearchParams({ email, link: linkId }),
  })
  try {
    await reviewerAuthenticator().authenticate('email-link', request, { successRedirect: '/' })
  } catch (thrown) {
    // Success is a redirect (with a flow cookie we do not need); anything else is a failure to send.
    if (thrown instanceof Response && thrown.status === 302) return
    throw thrown
  }
}

/** The reviewer a followed link signs in, or the message to show when the link cannot be used. */
export async function verifyReviewSignInLink(
  request: Request,
): Promise<{ reviewer: VerifiedReviewer } | { error: string }> {
  try {
    const reviewer = await reviewerAuthenticator().authenticate('email-link', request)
    if (reviewer) return { reviewer }
  } catch (error) {
    if (error instanceof LinkNotUsable) return { error: error.message }
  }
  return { error: 'This sign-in link is not valid. Please request a new one.' }
}

/** The mail that carries a reviewer's sign-in link. */
export function signInMail(to: string, link: string, siteName: string): MailMessage {
  const minutes = `${SIGN_IN_LINK_MINUTES} minutes`
  return {
    to,
    subject: `Your sign-in link for ${siteName}`,
    text: [
      `Follow this link to sign in to ${siteName} and post your review:`,
      '',
      link,
      '',
      `It works once, for the next ${minutes}. If you did not ask for it, ignore this message.`,
    ].join('\n'),
    html: `<p>Follow this link to sign in to ${escapeHtml(siteName)} and post your review:</p>
<p><a href="${escapeHtml(link)}">Sign in and post my review</a></p>
<p>It works once, for the next ${minutes}. If you did not ask for it, ignore this message.</p>`,
  }
}
