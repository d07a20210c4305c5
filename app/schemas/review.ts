import { z } from 'zod'

/** The largest body a review form can send: its fields at their limits, percent-encoded, are far below it. */
export const REVIEW_MAX_BODY_BYTES = 16 * 1024

/** A textarea counts a line break as one character but submits it as CRLF; count it as the browser did. */
const asTyped = (value: string) => value.replace(/\r\n?/g, '\n').trim()

/**
 * The review dialog on the product page (SPEC §5, §9), shared by browser and server. The comment is one
 * transform and a refinement, not a pipe: Conform reads '' as "missing" in every string schema it finds, a
 * pipe's output included, which would make an empty optional comment "Required".
 */
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
    .transform((value) => asTyped(value ?? ''))
    .refine((value) => value.length <= 1000, 'Comment must be less than 1000 characters'),
})

/** SPEC §8's title for every refused dialog review; the reply carries the reason. */
export const REVIEW_DIALOG_FAILED = 'Failed to submit review'

/**
 * The reviews page form (SPEC §5). The e-mail is asked only of visitors who are not signed in; the other
 * messages are zod's own ("Required", "String must contain at most N character(s)"), as the spec says.
 */
export const SignedInReviewSchema = z.object({
  nickname: z.string().trim().min(2, 'Nickname must be at least 2 characters').max(50),
  rating: z.coerce.number().int().min(1).max(5).default(5),
  comment: z.string().transform(asTyped).pipe(z.string().min(10, 'Review must be at least 10 characters').max(1000)),
})

export const ReviewPageSchema = SignedInReviewSchema.extend({
  email: z.string().trim().max(254).email('Please enter a valid email address'),
})

/** Every post of the reviews page: the review (its fields depend on whether a reviewer is signed in), or sign-out. */
export const reviewPageActionSchema = (signedIn: boolean) =>
  z.discriminatedUnion('intent', [
    (signedIn ? SignedInReviewSchema : ReviewPageSchema).extend({ intent: z.literal('review') }),
    z.object({ intent: z.literal('sign-out') }),
  ])

export const REVIEW_PAGE_HINT = "We'll send you a magic link to verify your email"
