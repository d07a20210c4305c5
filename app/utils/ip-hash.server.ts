import { createHmac } from 'node:crypto'
import { sessionSecret } from '#app/lib/env.server.ts'

/**
 * A one-way fingerprint of an IP address whose salt changes every UTC day: clicks from one visitor can be
 * told apart within a day, but no address is stored and none can be followed across days.
 */
export function hashIp(ip: string, now: Date = new Date()): string {
  const day = now.toISOString().slice(0, 10)
  const dailySalt = createHmac('sha256', sessionSecret()).update(`click-ip:${day}`).digest()
  return createHmac('sha256', dailySalt).update(ip).digest('hex')
}
