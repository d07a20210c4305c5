import { z } from 'zod'

// Two-factor sign-in's forms (docs/decisions/048, 049): the second step of sign-in, and the account page's setup,
// passkeys, recovery codes and removal. Shared by browser and server.

/** Every two-factor form is a code, or a passkey's answer (a few hundred bytes of base64), and a few words. */
export const TWO_FACTOR_MAX_BYTES = 16 * 1024

export const INVALID_CODE = 'Invalid or expired code. Enter the current code from your authenticator app.'
export const INVALID_RECOVERY_CODE = 'Invalid or already used recovery code.'
export const ENROLMENT_GONE = 'This setup has expired or was replaced. Start again.'
export const ALREADY_ENROLLED = 'Two-factor sign-in is already on.'
export const NOT_ENROLLED = 'Two-factor sign-in is not on.'
export const PASSKEY_MALFORMED = 'The passkey answer could not be read. Try again.'
export const PASSKEY_FAILED = 'That passkey could not be verified. Try again, or use another method.'
export const PASSKEY_STALE = 'That passkey request expired or was already used. Try again.'
export const PASSKEY_TAKEN = 'That passkey is already registered.'
export const PASSKEY_GONE = 'That passkey was already removed.'
export const NO_PASSKEY = 'You have no passkey yet: use another method.'
export const MAX_PASSKEYS = 10
export const PASSKEYS_FULL = `You have ${MAX_PASSKEYS} passkeys, the most allowed. Remove one to add another.`
export const MFA_UNAVAILABLE =
  'Authenticator apps are unavailable: the server has no ENCRYPTION_KEY. Ask whoever runs the site.'

const totpCode = z
  .string({ required_error: 'Enter the 6-digit code from your authenticator app.' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))

const recoveryCode = z
  .string({ required_error: 'Enter one of your recovery codes.' })
  .trim()
  .max(32, 'Enter a recovery code like ABCD-EFGH.')
  .regex(/^[A-Za-z0-9 -]{8,}$/, 'Enter a recovery code like ABCD-EFGH.')

export const ENTER_CHECK_CODE = 'Enter a code from your authenticator app or a recovery code.'

/** A fresh check on the account page: a code from the app, or a recovery code. */
const checkCode = z.string().trim().min(6, ENTER_CHECK_CODE).max(32, ENTER_CHECK_CODE)

// ---- A passkey's answer: what @simplewebauthn/browser returns, sent as JSON in one form field. Its shape is
// checked here; its signatures by the server's library. ----

const base64url = z
  .string()
  .max(8_000)
  .regex(/^[A-Za-z0-9_-]*$/)

const credential = <Response extends z.ZodTypeAny>(response: Response) =>
  z.object({
    id: base64url.min(1).max(1_400),
    rawId: base64url.min(1).max(1_400),
    type: z.literal('public-key'),
    response,
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
    clientExtensionResults: z.record(z.unknown()).default({}),
  })

const AssertionShape = credential(
  z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
)
const AttestationShape = credential(
  z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(30)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
)

/** One form field holding a passkey answer as JSON: parsed and shape-checked, with one message for any fault. */
function passkeyAnswer<Shape extends z.ZodTypeAny>(shape: Shape) {
  return z
    .string({ required_error: PASSKEY_MALFORMED })
    .max(TWO_FACTOR_MAX_BYTES, PASSKEY_MALFORMED)
    .transform((text, ctx): z.output<Shape> => {
      let parsed: z.SafeParseReturnType<unknown, z.output<Shape>> | null = null
      try {
        parsed = shape.safeParse(JSON.parse(text))
      } catch {
        // Not JSON: the same message as a wrong shape.
      }
      if (parsed?.success) return parsed.data
      ctx.addIssue({ code: 'custom', message: PASSKEY_MALFORMED })
      return z.NEVER
    })
}

export const passkeyAssertion = passkeyAnswer(AssertionShape)
export type PasskeyAssertion = z.output<typeof passkeyAssertion>
export type PasskeyAttestation = z.output<typeof AttestationShape>

/** The second step of sign-in: one form per method, told apart by `method`. */
export const SecondStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCode }),
  z.object({ method: z.literal('recovery'), code: recoveryCode }),
  z.object({ method: z.literal('passkey'), response: passkeyAssertion }),
])
export type SecondStep = z.infer<typeof SecondStepSchema>
export type SecondStepMethod = SecondStep['method']

/** Sign-in with a passkey alone (no password): its answer. */
export const PasskeySignInSchema = z.object({ response: passkeyAssertion })

export const StartTotpSchema = z.object({ intent: z.literal('start-totp') })
export const ConfirmTotpSchema = z.object({
  intent: z.literal('confirm-totp'),
  // The pending factor the page showed: the secret itself never travels in the form.
  factorId: z.coerce.number({ invalid_type_error: ENROLMENT_GONE }).int().positive().max(2_147_483_647),
  code: totpCode,
})

/**
 * A fresh check on the account page: a code (from the app, or a recovery code) typed into the form, or, with
 * JavaScript, a passkey's answer in its place. Neither is refused by the action like a wrong code.
 */
const freshCheck = { code: checkCode.optional(), passkey: passkeyAssertion.optional() }

export const RegenerateCodesSchema = z.object({ intent: z.literal('regenerate-codes'), ...freshCheck })
export const RemoveTotpSchema = z.object({ intent: z.literal('remove-totp'), ...freshCheck })

export const AddPasskeySchema = z.object({
  intent: z.literal('add-passkey'),
  name: z.string().trim().max(60, 'Name must be at most 60 characters').optional(),
  response: passkeyAnswer(AttestationShape),
})
export const RemovePasskeySchema = z.object({
  intent: z.literal('remove-passkey'),
  factorId: z.coerce.number({ invalid_type_error: PASSKEY_GONE }).int().positive().max(2_147_483_647),
  ...freshCheck,
})

export const AccountActionSchema = z.discriminatedUnion('intent', [
  StartTotpSchema,
  ConfirmTotpSchema,
  RegenerateCodesSchema,
  RemoveTotpSchema,
  AddPasskeySchema,
  RemovePasskeySchema,
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

/**
 * A fresh check as a second step: a passkey's answer, else a code (six digits are the app's, anything else a
 * recovery code); null when the form held neither.
 */
export function freshCheckOf(form: { code?: string; passkey?: PasskeyAssertion }): SecondStep | null {
  if (form.passkey) return { method: 'passkey', response: form.passkey }
  if (!form.code) return null
  return { method: /^\d{6}$/.test(form.code.replace(/\s/g, '')) ? 'totp' : 'recovery', code: form.code }
}
