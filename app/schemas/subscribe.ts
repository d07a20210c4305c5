import { z } from 'zod'

/** The e-mail signup (SPEC §5): non-empty and containing "@", else "Invalid email" / this message. */
export const INVALID_EMAIL = 'Please enter a valid email address.'

export const SubscribeSchema = z.object({
  email: z
    .string({ required_error: INVALID_EMAIL })
    .trim()
    // One check, so an address wrong in two ways still gets the message once.
    .refine((value) => value.length <= 254 && value.includes('@'), INVALID_EMAIL),
})
