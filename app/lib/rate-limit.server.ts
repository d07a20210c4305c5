import { createHmac } from 'node:crypto'
import { once } from 'node:events'
import { setTimeout } from 'node:timers/promises'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { getEnv, sessionSecret } from './env.server.ts'
import { logger } from './logger.server.ts'
import { getRedis } from './redis.server.ts'

/**
 * Limits on what a visitor may ask of us, shared by every app server through Redis (in memory when the
 * site runs without Redis, and while Redis is away). Keys are keyed hashes: no address, e-mail or IP is
 * ever written to Redis.
 */
const rules = {
  // Review posts, from the product dialog or the reviews page, per IP and per signed-in reviewer.
  'review:ip': { points: 10, duration: 3600 },
  'review:account': { points: 5, duration: 3600 },
  // Sign-in links mailed from the reviews page: per IP, and per address so nobody's inbox can be flooded.
  'sign-in-link:ip': { points: 10, duration: 3600 },
  'sign-in-link:email': { points: 3, duration: 900 },
  // Digest signups, which also send mail.
  'subscribe:ip': { points: 10, duration: 3600 },
  'subscribe:email': { points: 3, duration: 3600 },
  // Panel sign-in: per IP against spraying, per account against guessing one password (ASVS 2.2.1).
  'login:ip': { points: 20, duration: 900 },
  'login:account': { points: 10, duration: 900 },
  // Second-factor codes (docs/decisions/048): failed ones only, per user and per IP; wrong, expired, reused and
  // malformed codes alike. 5 in 15 minutes leaves a 6-digit code a 1-in-200,000 chance a window.
  'mfa:account': { points: 5, duration: 900 },
  'mfa:ip': { points: 20, duration: 900 },
  // Passkey ceremonies started (docs/decisions/049): each keeps a challenge row for five minutes.
  'passkey-options:ip': { points: 60, duration: 900 },
  // Password-reset mail.
  'password-reset:ip': { points: 10, duration: 3600 },
  'password-reset:email': { points: 3, duration: 3600 },
  // What people look for (docs/decisions/085): searches and results opened recorded per visitor; past this the
  // page still answers, only the count is skipped, so one visitor cannot flood the owner's report.
  'search-record:ip': { points: 30, duration: 600 },
} satisfies Record<string, { points: number; duration: number }>

export type RateLimitRule = keyof typeof rules

const limiters = new Map<RateLimitRule, RateLimiterAbstract>()

function limiter(rule: RateLimitRule): RateLimiterAbstract {
  let existing = limiters.get(rule)
  if (!existing) {
    const env = getEnv()
    const options = {
      keyPrefix: `${env.REDIS_PREFIX}:rate-limit:${rule}`,
      points: Math.max(1, Math.round(rules[rule].points * env.RATE_LIMIT_FACTOR)),
      duration: rules[rule].duration,
    }
    const redis = getRedis()
    existing = redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          // While Redis is away, limit in memory rather than wait for it or let everything through.
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options)
    limiters.set(rule, existing)
  }
  return existing
}

/**
 * The shared connection opens on first use; until it is ready the limiters would count in memory only.
 * Wait for it briefly the first time, but never while Redis is away (then memory it is).
 */
async function firstConnection(): Promise<void> {
  const redis = getRedis()
  if (!redis || !['wait', 'connecting', 'connect'].includes(redis.status)) return
  await Promise.race([once(redis, 'ready'), setTimeout(1_000)]).catch(() => undefined)
}

const hashKey = (rule: RateLimitRule, key: string) =>
  createHmac('sha256', sessionSecret()).update(`${rule}:${key.toLowerCase()}`).digest('base64url')

export interface RateLimited {
  retryAfterSeconds: number
}

/**
 * Counts one attempt against every rule given and answers whether any of them is now over its limit.
 * All rules are counted even when the first refuses, so a refused flood keeps counting everywhere.
 */
export async function checkRateLimits(checks: Array<[RateLimitRule, string]>): Promise<RateLimited | null> {
  await firstConnection()
  let refusal = null as RateLimited | null
  for (const [rule, key] of checks) {
    try {
      await limiter(rule).consume(hashKey(rule, key))
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        // A store failure the insurance could not absorb: do not turn the visitor away for our fault.
        logger.warn({ err: error, rule }, 'rate limit not checked')
        continue
      }
      const retryAfterSeconds = Math.ceil(error.msBeforeNext / 1000)
      refusal = { retryAfterSeconds: Math.max(refusal?.retryAfterSeconds ?? 0, retryAfterSeconds) }
    }
  }
  return refusal
}

/**
 * Whether any of the rules is already over its limit for its key, without counting an attempt: for limits that
 * count failures only (then `checkRateLimits` counts each failure).
 */
export async function peekRateLimits(checks: Array<[RateLimitRule, string]>): Promise<RateLimited | null> {
  await firstConnection()
  let refusal = null as RateLimited | null
  for (const [rule, key] of checks) {
    try {
      const state = await limiter(rule).get(hashKey(rule, key))
      if (state && state.remainingPoints <= 0 && state.consumedPoints >= limiter(rule).points) {
        const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000))
        refusal = { retryAfterSeconds: Math.max(refusal?.retryAfterSeconds ?? 0, retryAfterSeconds) }
      }
    } catch (error) {
      logger.warn({ err: error, rule }, 'rate limit not checked')
    }
  }
  return refusal
}

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a while and try again.'

export function retryAfterHeaders(limited: RateLimited): HeadersInit {
  return { 'Retry-After': String(limited.retryAfterSeconds) }
}
