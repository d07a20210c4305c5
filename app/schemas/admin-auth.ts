import { z } from 'zod'

// The panel's sign-in forms (SPEC §5), shared by browser and server. Passwords are capped at 128
// characters (ASVS 2.1.2), far above any real one and far below what would make hashing a burden.

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
