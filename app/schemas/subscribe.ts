import { z } from 'zod'

/** The e-mail signup (SPEC §5): non-empty and containing "@", else "Invalid email" / this message. */
export const INVALID_EMAIL = 'Please enter a valid email address.'

export const SubscribeSchema = z.object({
  email: z
    .string({ required_error: INVALID_EMAIL })
    .trim()
    .min(1, INVALID_EMAIL)
    .max(254, INVALID_EMAIL)
    .refine((value) => value.includes('@'), INVALID_EMAIL),
})
