/**
 * Secrets a log line must never hold (issue 53): the tokens of mailed links (password resets and invitations,
 * subscription confirmations, reviewers' sign-in links), an unsubscribe link's signature, and any field named as a
 * secret. Applied to each whole line as written, so a request's address, an error's message and a job's data
 * are all covered whatever logged them; the rest of the line stays, so the log still says what happened.
 */
const SECRET_NAMES = 'token|sig|signature|secret|password'

// `name=value` in an address, also inside mailed HTML (`&amp;sig=`): the value runs to the next delimiter.
const IN_ADDRESS = new RegExp(`\\b(${SECRET_NAMES})=[^&\\s"'<>#\\\\]+`, 'gi')
// `"name":"value"` in a JSON line (job data, a logged object).
const IN_JSON = new RegExp(`("(?:${SECRET_NAMES})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi')

export const REDACTED = '[redacted]'

export function redactSecrets(line: string): string {
  return line.replace(IN_ADDRESS, `$1=${REDACTED}`).replace(IN_JSON, `$1"${REDACTED}"`)
}
