import { z } from 'zod'

/** The review dialog on the product page (SPEC §5), shared by browser and server. */
export const ReviewDialogSchema = z.object({
  reviewer_name: z
    .string({ required_error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be less than 100 characters'),
  rating: z.coerce
    .number({ invalid_type_error: 'Please select a rating' })
    .int('Please select a rating')
    .min(1, 'Please select a rating')
    .max(5, 'Please select a rating'),
  comment: z
    .string()
    .optional()
    .transform((value) => value?.replace(/\r\n?/g, '\n').trim() ?? '')
    .pipe(z.string().max(1000, 'Comment must be less than 1000 characters')),
})

export type ReviewDialogInput = z.infer<typeof ReviewDialogSchema>
export type ReviewDialogErrors = Partial<Record<keyof ReviewDialogInput, string>>

export function reviewDialogErrors(error: z.ZodError): ReviewDialogErrors {
  const errors: ReviewDialogErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof ReviewDialogInput
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * The reviews page form (SPEC §5). The e-mail is asked only of visitors who are not signed in; the other
 * messages are zod's own ("Required", "String must contain at most N character(s)"), as the spec says.
 */
export const SignedInReviewSchema = z.object({
  nickname: z.string().trim().min(2, 'Nickname must be at least 2 characters').max(50),
  rating: z.coerce.number().int().min(1).max(5).default(5),
  comment: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().min(10, 'Review must be at least 10 characters').max(1000)),
})

export const ReviewPageSchema = SignedInReviewSchema.extend({
  email: z.string().trim().max(254).email('Please enter a valid email address'),
})

export const REVIEW_PAGE_HINT = "We'll send you a magic link to verify your email"
