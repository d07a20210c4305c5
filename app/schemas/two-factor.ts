import { z } from 'zod'

// Two-factor sign-in's forms (docs/decisions/048): the second step of sign-in, and the account page's setup,
// recovery codes and removal. Shared by browser and server.

/** Every two-factor form is a code and a few words: far below this. */
export const TWO_FACTOR_MAX_BYTES = 2 * 1024

export const INVALID_CODE = 'Invalid or expired code. Enter the current code from your authenticator app.'
export const INVALID_RECOVERY_CODE = 'Invalid or already used recovery code.'
export const INVALID_CHECK_CODE = 'Invalid, expired or already used code.'
export const ENROLMENT_GONE = 'This setup has expired or was replaced. Start again.'
export const ALREADY_ENROLLED = 'Two-factor sign-in is already on.'
export const NOT_ENROLLED = 'Two-factor sign-in is not on.'
export const MFA_UNAVAILABLE =
  'Authenticator apps are unavailable: the server has no MFA_ENCRYPTION_KEY. Ask whoever runs the site.'

const totpCode = z
  .string({ required_error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))

const recoveryCode = z
  .string({ required_error: 'Enter one of your recovery codes.' })
  .trim()
  .max(32, 'Enter a recovery code like ABCD-EFGH.')
  .regex(/^[A-Za-z0-9 -]{8,}$/, 'Enter a recovery code like ABCD-EFGH.')

/** A fresh check on the account page: a code from the app, or a recovery code. */
const checkCode = z
  .string({ required_error: 'Enter a code from your authenticator app or a recovery code.' })
  .trim()
  .min(6, 'Enter a code from your authenticator app or a recovery code.')
  .max(32, 'Enter a code from your authenticator app or a recovery code.')

/** The second step of sign-in: one form per method, told apart by `method` (passkeys will be another). */
export const SecondStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
])
export type SecondStep = z.infer<typeof SecondStepSchema>

export const StartTotpSchema = z.object({ intent: z.literal('start-totp') })
export const ConfirmTotpSchema = z.object({
  intent: z.literal('confirm-totp'),
  // The pending factor the page showed: the secret itself never travels in the form.
  factorId: z.coerce.number({ invalid_type_error: ENROLMENT_GONE }).int().positive().max(2_147_483_647),
  code: totpCode,
})
export const RegenerateCodesSchema = z.object({ intent: z.literal('regenerate-codes'), code: checkCode })
export const RemoveTwoFactorSchema = z.object({ intent: z.literal('remove-two-factor'), code: checkCode })

export const AccountActionSchema = z.discriminatedUnion('intent', [
  StartTotpSchema,
  ConfirmTotpSchema,
  RegenerateCodesSchema,
  RemoveTwoFactorSchema,
])
export type AccountAction = z.infer<typeof AccountActionSchema>

/** Settings: every panel user must set up two-factor sign-in. */
export const RequireTwoFactorSchema = z.object({
  intent: z.literal('require-two-factor'),
  requireTwoFactor: z
    .literal('on')
    .optional()
    .transform((value) => value === 'on'),
})

/** A code on the account page: six digits are the app's, anything else a recovery code. */
export const methodOfCode = (code: string): SecondStep['method'] =>
  /^\d{6}$/.test(code.replace(/\s/g, '')) ? 'totp' : 'recovery'
