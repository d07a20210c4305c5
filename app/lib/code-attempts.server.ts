import type { Submission } from '@conform-to/react'
import { refuse } from './form-reply.server.ts'
import {
  checkRateLimits,
  peekRateLimits,
  retryAfterHeaders,
  TOO_MANY_REQUESTS,
  type RateLimitRule,
} from './rate-limit.server.ts'

/**
 * The rate limit on second-factor codes (docs/decisions/048): failed attempts only, per user and per IP. Every
 * code form asks `tooManyCodeAttempts` first (a refused attempt counts too) and `countFailedCode` for each wrong,
 * expired, reused or malformed code, so a flood of bad forms is limited like a flood of wrong codes.
 */

const keys = (userId: number, ip: string): Array<[RateLimitRule, string]> => [
  ['mfa:account', String(userId)],
  ['mfa:ip', ip],
]

/** The 429 to answer when the user or the IP is over the limit already, or null. */
export async function tooManyCodeAttempts(userId: number, ip: string, submission?: Submission<unknown>) {
  const limited = await peekRateLimits(keys(userId, ip))
  if (!limited) return null
  await checkRateLimits(keys(userId, ip))
  return refuse(TOO_MANY_REQUESTS, 429, submission, retryAfterHeaders(limited))
}

export async function countFailedCode(userId: number, ip: string): Promise<void> {
  await checkRateLimits(keys(userId, ip))
}
