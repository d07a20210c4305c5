import { UnrecoverableError } from 'bullmq'
import { z } from 'zod'
import { sendMail } from '#app/lib/mail.server.ts'

const mailSchema = z.object({
  to: z.string().email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  // Names and values are checked so that job data can never inject a header line.
  headers: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]*$/), z.string().regex(/^[^\r\n]*$/)).optional(),
})

export type SendMailData = z.infer<typeof mailSchema>

export async function sendMailJob(data: SendMailData): Promise<void> {
  const message = mailSchema.safeParse(data)
  // A malformed message never becomes valid: fail now rather than retry it five times.
  if (!message.success) throw new UnrecoverableError(`invalid mail job: ${message.error.message}`)
  await sendMail(message.data)
}
