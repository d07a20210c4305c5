import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { FieldError } from '#app/components/field-error.tsx'
import { HoneypotField, isHoneypotFilled } from '#app/components/honeypot.tsx'
import { PageHeader, TextLink } from '#app/components/info-page.tsx'
import { CONTACT_LIMITS, CONTACT_MAX_BODY_BYTES, ContactSchema } from '#app/schemas/contact.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// The contact form (SPEC §2 /contact). Submitting only validates and says thank you: nothing is sent or stored.
// Post/redirect/get, so a reload after sending does not post again and the form comes back empty.

const THANK_YOU = "Thank you for your message! We'll get back to you soon."
const TOO_LARGE = `Your message is too long to send. Please keep it to ${CONTACT_LIMITS.message} characters or fewer.`

const FORM_ID = 'contact-form'

export function loader({ request }: LoaderFunctionArgs) {
  return { sent: requestUrl(request).searchParams.get('sent') === '1' }
}

export async function action({ request }: ActionFunctionArgs) {
  // A reply to one visitor's input: never for a shared cache.
  const init = { status: 400, headers: { 'Cache-Control': 'no-store' } }
  const formData = await readFormData(request, CONTACT_MAX_BODY_BYTES)
  if (!formData) {
    const reply: SubmissionResult<string[]> = { status: 'error', error: { '': [TOO_LARGE] } }
    return data(reply, init)
  }
  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return data(submission.reply(), init)
  if (isHoneypotFilled(formData)) {
    return data(submission.reply({ formErrors: ['Your message could not be sent.'] }), { ...init, status: 403 })
  }
  return redirect('/contact?sent=1', 303)
}

export const headers: HeadersFunction = (args) => {
  const fromAction = args.actionHeaders.get('Cache-Control')
  return fromAction ? { 'Cache-Control': fromAction } : publicPageHeaders(args)
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Contact | ${siteNameFrom(matches)}`,
    description: 'Questions about comic bags, boards, sizes or a product we list? Send us a message.',
  })

export default function Contact() {
  const { sent } = useLoaderData<typeof loader>()
  // Each arrival (the redirect after sending included) gets a fresh, empty form.
  const { key } = useLocation()
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader eyebrow="Get in touch" title="Contact Us">
        <p>
          A question about a bag size, a product you think we should list, a broken link or a review? Send us a message.
        </p>
      </PageHeader>

      <div className="mt-8 grid gap-8 md:grid-cols-[1fr_16rem]">
        <div>
          <div role="status">
            {sent ? (
              <p className="mb-6 rounded-lg border border-green-700 bg-green-50 p-4 font-medium text-green-900">
                {THANK_YOU}
              </p>
            ) : null}
          </div>
          <ContactForm key={key} />
        </div>

        <aside aria-labelledby="contact-help" className="space-y-3 text-sm leading-6 text-slate-700">
          <h2 id="contact-help" className="text-base font-semibold text-slate-900">
            Before you write
          </h2>
          <p>
            Orders, payments, deliveries and returns are handled by Amazon, so please contact Amazon about an order.
          </p>
          <p>
            Not sure which size fits? The <TextLink to="/sizes-guide">sizes guide</TextLink> and the{' '}
            <TextLink to="/compare-sleeves">sleeve comparison</TextLink> answer the most common questions.
          </p>
          <p>
            How prices, reviews and your data are handled is explained in our{' '}
            <TextLink to="/disclosure">affiliate disclosure</TextLink>.
          </p>
        </aside>
      </div>
    </main>
  )
}

function ContactForm() {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction === '/contact'
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
  })
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message, {
    ariaDescribedBy: `${fields.message.id}-hint`,
  })
  const inputClass =
    'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base placeholder:text-slate-500 aria-invalid:border-red-700'

  // An explicit action, so a post from /contact?sent=1 does not carry "sent" into the re-rendered page.
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="relative space-y-6">
      <HoneypotField />
      {form.errors ? (
        <p id={form.errorId} className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <div>
        <label htmlFor={fields.name.id} className="block font-medium text-slate-900">
          Name
        </label>
        <input key={nameKey} {...nameProps} autoComplete="name" className={inputClass} />
        <FieldError id={fields.name.errorId} errors={fields.name.errors} />
      </div>
      <div>
        <label htmlFor={fields.email.id} className="block font-medium text-slate-900">
          Email
        </label>
        <input key={emailKey} {...emailProps} autoComplete="email" className={inputClass} />
        <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      </div>
      <div>
        <label htmlFor={fields.message.id} className="block font-medium text-slate-900">
          Message
        </label>
        <textarea key={messageKey} {...messageProps} rows={8} className={inputClass} />
        <p id={`${fields.message.id}-hint`} className="mt-1 text-sm text-slate-600">
          Up to {CONTACT_LIMITS.message.toLocaleString('en-US')} characters.
        </p>
        <FieldError id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 disabled:opacity-70"
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </Form>
  )
}
