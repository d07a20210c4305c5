import { pino } from 'pino'
import { getEnv } from './env.server.ts'

// One logger for the web app, the worker and the scripts; JSON lines, ready for any log shipper.
export const logger = pino({
  level: process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'warn' : getEnv().LOG_LEVEL,
  base: { service: process.env.SERVICE_NAME ?? 'web' },
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
})
