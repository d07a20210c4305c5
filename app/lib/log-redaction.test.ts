import { expect, test } from 'vitest'
import { redactSecrets } from './log-redaction.ts'

test.each([
  [
    'a request address',
    '"url":"/admin/reset-password?token=Ab-9_x%2Bq"',
    '"url":"/admin/reset-password?token=[redacted]"',
  ],
  [
    'a secret among other parameters',
    '/unsubscribe?id=12&sig=Zx9&from=mail',
    '/unsubscribe?id=12&sig=[redacted]&from=mail',
  ],
  [
    'an address in mailed HTML',
    'href=\\"https://x.test/unsubscribe?id=3&amp;sig=qq\\">',
    'href=\\"https://x.test/unsubscribe?id=3&amp;sig=[redacted]\\">',
  ],
  [
    'an error message',
    'Invalid link https://x.test/auth/review-link?token=U2Fs GdX',
    'Invalid link https://x.test/auth/review-link?token=[redacted] GdX',
  ],
  [
    'a JSON field',
    '{"data":{"token":"abc\\"def","password":"hunter2"}}',
    '{"data":{"token":"[redacted]","password":"[redacted]"}}',
  ],
])('%s loses its secret and keeps the rest', (_case, line, redacted) => {
  expect(redactSecrets(line)).toBe(redacted)
})

test('words that only contain a secret name are left alone', () => {
  const line = '{"msg":"design=blue tokens=3 zipcode=12345","tokenCount":2,"err":{"code":"23503"}}'
  expect(redactSecrets(line)).toBe(line)
})
