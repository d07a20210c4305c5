import { z } from 'zod'

// The panel's sign-in forms (SPEC §5), shared by browser and server. Passwords are capped at 128
// characters (ASVS 2.1.2), far above any real one and far below what would make hashing a burden.

/** The forms' bodies: every field at its limit, percent-encoded, is far below this. */
export const AUTH_FORM_MAX_BYTES = 8 * 1024

// SPEC §8's messages; the pages title them ("Login Failed", "Access Denied", "Setup Failed", "Error").
export const NOT_AN_ADMIN = 'You do not have admin privileges.'
export const SETUP_COMPLETE = 'An admin account already exists.'
export const SETUP_FAILED = 'Failed to create admin account.'
export const SEND_FAILED = 'Failed to send reset email.'
export const UPDATE_FAILED = 'Failed to update password.'

/** The sign-in page's title for a refusal: "Access Denied" for a user without a role, else "Login Failed". */
export const loginFailedTitle = (messages: readonly string[] | null | undefined) =>
  messages?.includes(NOT_AN_ADMIN) ? 'Access Denied' : 'Login Failed'

const email = z.string().trim().max(254, 'Invalid email address').email('Invalid email address')

export const SetupSchema = z
  .object({
    email,
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const LoginSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
  .object({
    token: z.string().max(200),
    password: z.string().min(8, 'Password too short').max(128, 'Password must be at most 128 characters'),
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
