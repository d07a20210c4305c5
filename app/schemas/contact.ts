import { z } from 'zod'

/** The contact form (SPEC §2 /contact, §5): name, e-mail and message, all required. Shared by browser and server. */

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const

/**
 * The largest body a valid submission can make: every field at its limit, each UTF-16 unit percent-encoded as
 * up to nine bytes, plus the field names. Anything bigger is refused before it is read into memory.
 */
export const CONTACT_MAX_BODY_BYTES = 64 * 1024

export const ContactSchema = z.object({
  name: z
    .string({ required_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string({ required_error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .email('Please enter a valid email address'),
  message: z
    .string({ required_error: 'Message is required' })
    // A textarea counts a line break as one character but submits it as CRLF; count it as the browser did.
    .transform((value) => value.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .trim()
        .min(1, 'Message is required')
        .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
    ),
})

export type ContactMessage = z.infer<typeof ContactSchema>
