import { destination as toFile, pino } from 'pino'
import pretty from 'pino-pretty'
import { getEnv } from './env.server.ts'
import { redactSecrets } from './log-redaction.ts'

// One logger for the web app, the worker and the scripts: JSON lines for any log shipper, or readable lines when
// a person is watching a terminal (`npm start`, `npm run dev`). Synchronous, so a stop's last lines are not lost.
const toTerminal = Boolean(process.stdout.isTTY)
const destination = toTerminal
  ? pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' })
  : toFile({ dest: 1, sync: true })

export const logger = pino(
  {
    level: process.env.NODE_ENV === 'test' && !process.env.LOG_LEVEL ? 'warn' : getEnv().LOG_LEVEL,
    base: { service: process.env.SERVICE_NAME ?? 'web' },
    // The Creators API secret too, by every name it has, should anything ever log it (docs/decisions/078).
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      'credentialSecret',
      '*.credentialSecret',
      'credential_secret',
      '*.credential_secret',
      'client_secret',
      '*.client_secret',
    ],
  },
  // Every line passes redactSecrets on its way out, whatever it holds (docs/decisions/088).
  { write: (line: string) => destination.write(redactSecrets(line)) },
)
