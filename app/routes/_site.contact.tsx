import { getFormProps } from '@conform-to/react'
import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { DocumentBody } from '#app/components/document/document-body.tsx'
import { infoPageMeta } from '#app/components/document/info-document.tsx'
import { Field, TextareaField } from '#app/components/form-fields.tsx'
import { FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { HoneypotField, isHoneypotFilled } from '#app/components/honeypot.tsx'
import { PageHeader, TextLink } from '#app/components/info-page.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { loadInfoPage } from '#app/lib/content/info-page.server.ts'
import { parseForm, refuse } from '#app/lib/form-reply.server.ts'
import { CONTACT_LIMITS, CONTACT_MAX_BODY_BYTES, ContactSchema } from '#app/schemas/contact.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// The contact form (SPEC §2 /contact). Submitting only validates and says thank you: nothing is sent or stored.
// Post/redirect/get, so a reload after sending does not post again and the form comes back empty.

const THANK_YOU = "Thank you for your message! We'll get back to you soon."

export async function loader({ request }: LoaderFunctionArgs) {
  const intro = await loadInfoPage('contact', request)
  return data(
    { ...intro.data, sent: requestUrl(request).searchParams.get('sent') === '1' },
    { headers: intro.init?.headers },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await parseForm(request, ContactSchema, CONTACT_MAX_BODY_BYTES)
  if (form.reply) return form.reply
  if (isHoneypotFilled(form.formData)) return refuse('Your message could not be sent.', 403, form.submission)
  return redirect('/contact?sent=1', 303)
}

export const headers: HeadersFunction = (args) => {
  const fromAction = args.actionHeaders.get('Cache-Control')
  return fromAction ? { 'Cache-Control': fromAction } : publicPageHeaders(args)
}

export const meta = infoPageMeta('contact')

export default function Contact() {
  const { sent, page, document } = useLoaderData<typeof loader>()
  // Each arrival (the redirect after sending included) gets a fresh, empty form.
  const { key } = useLocation()
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <PageHeader eyebrow={page.eyebrow} title={page.title} />
      {/* The owners' introduction (edited at /admin/pages/contact); the form stays as it is. */}
      <DocumentBody document={document} />

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
  const sending = useIsPending({ formAction: '/contact' })
  const [form, fields] = useZodForm(ContactSchema, { id: 'contact-form', lastResult })
  const labelClassName = 'block font-medium text-slate-900'

  // An explicit action, so a post from /contact?sent=1 does not carry "sent" into the re-rendered page.
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="relative space-y-6">
      <HoneypotField />
      <FormErrors id={form.errorId} errors={form.errors} className="" />
      <Field meta={fields.name} label="Name" autoComplete="name" labelClassName={labelClassName} />
      <Field meta={fields.email} type="email" label="Email" autoComplete="email" labelClassName={labelClassName} />
      <TextareaField
        meta={fields.message}
        label="Message"
        rows={8}
        hint={`Up to ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`}
        labelClassName={labelClassName}
      />
      <StatusButton
        pending={sending}
        pendingText="Sending..."
        className="rounded-md bg-slate-900 px-5 py-3 font-semibold text-white hover:bg-slate-700 disabled:opacity-70"
      >
        Send Message
      </StatusButton>
    </Form>
  )
}
