import type { SubmissionResult } from '@conform-to/react'
import { describe, expect, test } from 'vitest'
import { FORM_TOO_LARGE } from '#app/lib/form-reply.server.ts'
import { action, loader } from '#app/routes/_site.contact.tsx'
import {
  callAction,
  callLoader,
  formRequest,
  loaderData,
  replyOf,
  routeArgs,
  type FormFields,
} from '#tests/support/remix.ts'

// The contact form's server side (SPEC §2 /contact, §5): validate, then post/redirect/get; nothing is sent.

const valid = { name: 'Peter Parker', email: 'peter@dailybugle.com', message: 'Do you stock Silver Age Mylar?' }

const submit = (fields: FormFields) => callAction(action, '/contact', fields)

/** The action's answer when it did not redirect: status, headers and the submission result. */
const rejected = (result: unknown) => replyOf<SubmissionResult<string[]>>(result)

describe('contact action', () => {
  test('a valid message redirects (303) to /contact?sent=1', async () => {
    const result = await submit(valid)
    expect(result).toBeInstanceOf(Response)
    const response = result as unknown as Response
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe('/contact?sent=1')
  })

  test('a filled honeypot field is a 403 with a form message', async () => {
    const { status, data } = rejected(await submit({ ...valid, website: 'https://spam.example' }))
    expect(status).toBe(403)
    expect(data.error).toEqual({ '': ['Your message could not be sent.'] })
  })

  test('a multipart post works the same', async () => {
    const form = new FormData()
    for (const [key, value] of Object.entries(valid)) form.set(key, value)
    const result = await submit(form)
    expect((result as unknown as Response).status).toBe(303)
  })

  for (const [field, message] of [
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['message', 'Message is required'],
  ] as const) {
    test(`a missing ${field} is a 400 with "${message}"`, async () => {
      const { [field]: _left, ...rest } = valid
      const { status, data } = rejected(await submit(rest))
      expect(status).toBe(400)
      expect(data.error).toEqual({ [field]: [message] })
    })

    test(`an empty or blank ${field} is a 400 with "${message}"`, async () => {
      for (const blank of ['', '   \n\t ']) {
        const { status, data } = rejected(await submit({ ...valid, [field]: blank }))
        expect(status).toBe(400)
        expect(data.error?.[field]?.[0]).toBe(message)
      }
    })
  }

  test('an empty form lists all three messages and is never cached', async () => {
    const { status, headers, data } = rejected(await submit({}))
    expect(status).toBe(400)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(data.error).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      message: ['Message is required'],
    })
  })

  test('an invalid e-mail address is a 400 with "Please enter a valid email address"', async () => {
    for (const email of ['not-an-email', 'peter@', 'peter@localhost', 'two@@ats.com']) {
      const { status, data } = rejected(await submit({ ...valid, email }))
      expect(status).toBe(400)
      expect(data.error).toEqual({ email: ['Please enter a valid email address'] })
    }
  })

  test('values are trimmed before they are checked', async () => {
    const result = await submit({ name: '  Peter  ', email: ' peter@dailybugle.com ', message: '\n Hi \n' })
    expect((result as unknown as Response).status).toBe(303)
  })

  test('fields over their limits are a 400 with a message', async () => {
    const cases = [
      { field: 'name', value: 'n'.repeat(101), message: 'Name must be at most 100 characters' },
      { field: 'email', value: `${'e'.repeat(250)}@x.com`, message: 'Email must be at most 254 characters' },
      { field: 'message', value: 'm'.repeat(5001), message: 'Message must be at most 5000 characters' },
    ]
    for (const { field, value, message } of cases) {
      const { status, data } = rejected(await submit({ ...valid, [field]: value }))
      expect(status).toBe(400)
      expect(data.error?.[field]).toContain(message)
    }
    // Exactly at the limits is fine.
    const atLimit = await submit({ name: 'n'.repeat(100), email: valid.email, message: 'm'.repeat(5000) })
    expect((atLimit as unknown as Response).status).toBe(303)
  })

  test('line breaks count once, as the browser counted them under maxlength', async () => {
    // 4,998 letters and 2 line breaks: 5,000 characters in the textarea, 5,002 once submitted as CRLF.
    const message = ['m'.repeat(1666), 'm'.repeat(1666), 'm'.repeat(1666)].join('\r\n')
    expect(message.length).toBe(5002)
    const result = await submit({ ...valid, message })
    expect((result as unknown as Response).status).toBe(303)
  })

  test('a 1 MB message is a 413 with a form message, never a 500', async () => {
    const { status, data } = rejected(await submit({ ...valid, message: 'x'.repeat(1024 * 1024) }))
    expect(status).toBe(413)
    expect(data.error?.['']).toEqual([FORM_TOO_LARGE])
  })

  test('a 1 MB body is refused by its Content-Length before it is read', async () => {
    const body = new URLSearchParams({ ...valid, message: 'x'.repeat(1024 * 1024) }).toString()
    const request = formRequest('/contact', body, { headers: { 'Content-Length': String(body.length) } })
    const { status } = rejected(await action(routeArgs(request)))
    expect(status).toBe(413)
    expect(request.bodyUsed).toBe(false)
  })

  test('a body that is not a form is a 400', async () => {
    const thrown = await callAction(action, '/contact', JSON.stringify(valid), {
      headers: { 'Content-Type': 'application/json' },
    }).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(400)
  })

  test('HTML typed into a field comes back only as data, for React to escape', async () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    const { status, data } = rejected(await submit({ name: html, email: html, message: '' }))
    expect(status).toBe(400)
    // The typed values are returned verbatim as strings in the result (re-filled into the form by React, which
    // escapes them); the action itself renders no markup.
    expect(data.initialValue).toEqual({ name: html, email: html })
    expect(data.error).toEqual({ email: ['Please enter a valid email address'], message: ['Message is required'] })
  })
})

describe('contact loader', () => {
  const load = (url: string) => loaderData(callLoader(loader, url))

  test('after a message is sent (?sent=1) the page says thank you', async () => {
    expect(await load('http://localhost/contact?sent=1')).toMatchObject({ sent: true })
  })

  test('otherwise it does not', async () => {
    expect(await load('http://localhost/contact')).toMatchObject({ sent: false })
    expect(await load('http://localhost/contact?sent=0')).toMatchObject({ sent: false })
    expect(await load('http://localhost/contact?sent=yes')).toMatchObject({ sent: false })
  })
})
