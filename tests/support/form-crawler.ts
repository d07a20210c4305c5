import { parse, type HTMLElement } from 'node-html-parser'

/**
 * A small crawler for tests/integration/hostile-input.test.ts: it reads pages as a browser without
 * JavaScript would (links and forms in the server's HTML), and turns every form it finds into submissions
 * carrying hostile values, or a field under another name. It knows no route of the app, so a form added later is
 * found and fuzzed too.
 */

export interface Field {
  name: string
  /**
   * What the form sends when filled in: the value attribute, the selected option, the textarea's text; a
   * required field left empty gets a plausible value of its type, so that the other fields' hostile values
   * get past "Required" to the code behind it.
   */
  value: string
  kind: 'text' | 'hidden' | 'select' | 'checkbox' | 'radio' | 'file' | 'submit'
}

export interface FoundForm {
  /** The page it was found on. */
  page: string
  method: 'GET' | 'POST'
  /** Absolute URL the form submits to. */
  action: string
  multipart: boolean
  /** Every named control, the pressed submit button's name=value included. */
  fields: Field[]
}

export interface Submission {
  form: FoundForm
  /** What was hostile, for the report: "q = NUL", "every field = SQL", "every field repeated", … */
  label: string
  entries: Array<[string, string | File]>
  /** Added to the query of a POST's address, next to the body. */
  query?: Array<[string, string]>
}

/**
 * The 16 hostile values sent in every field (the repeated field is a submission of its own; the field's own
 * value with a header-injecting tail is HOSTILE_TAIL).
 */
export const HOSTILE_VALUES: ReadonlyArray<readonly [label: string, value: string]> = [
  ['empty', ''],
  ['whitespace only', ' \t\r\n '],
  ['20,000 characters', 'x'.repeat(20_000)],
  ['-1', '-1'],
  ['int4 + 1', '2147483648'],
  ['99999999999999999999', '99999999999999999999'],
  ['1e308', '1e308'],
  ['NaN', 'NaN'],
  // The texts are long enough, and the NUL one has an @, to get past "at least N characters" and "needs an @"
  // checks, so that they reach the database.
  ['markup', '"><script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['SQL', "' OR 1=1; DROP TABLE products; --"],
  ['%_%', '%_%'],
  ['NUL', 'Hostile\u0000value@example.com'],
  ['RTL override', 'Mylar \u202Egnp.exe\u202C sleeves \u200F'],
  ['line separators', 'first line\u2028second\u2029third'],
  ['../../etc/passwd', '../../etc/passwd'],
  ['foreign URL', 'https://evil.example/phish?next=//evil.example'],
]

/**
 * Appended to a field's own value: CR/LF and characters a header cannot carry, for the fields whose value
 * ends up in a header (a `redirectTo` path passes the "same site" check only when it starts as it should).
 */
export const HOSTILE_TAIL = ['own value + CR/LF and U+2028', '\r\nSet-Cookie: hostile=1\u2028é'] as const

/** Files for every file input of a multipart form. */
export function hostileFiles(): ReadonlyArray<readonly [label: string, file: File]> {
  return [
    ['HTML named x.png', new File(['<!doctype html><script>alert(1)</script>'], 'x.png', { type: 'image/png' })],
    ['empty file', new File([], 'empty.png', { type: 'image/png' })],
    ['file named ../../etc/passwd', new File(['root:x:0:0:root:/root:/bin/sh\n'], '../../etc/passwd')],
  ]
}

/**
 * A link with a query, as the GET form it amounts to: its parameters (a page, a sort, an id to edit) are fields
 * a visitor can change as well as any form's.
 */
export function linkAsForm(address: string): FoundForm | null {
  const url = new URL(address)
  if (!url.search) return null
  const fields = [...url.searchParams].map(([name, value]): Field => ({ name, value, kind: 'hidden' }))
  url.search = ''
  return { page: address, method: 'GET', action: url.toString(), multipart: false, fields }
}

/** Same-origin links and forms of one HTML page. */
export function readPage(html: string, pageUrl: string): { links: string[]; forms: FoundForm[] } {
  const root = parse(html)
  const origin = new URL(pageUrl).origin
  const links: string[] = []
  for (const anchor of root.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href') ?? ''
    if (!URL.canParse(href, pageUrl)) continue
    const url = new URL(href, pageUrl)
    url.hash = ''
    if (url.origin === origin) links.push(url.toString())
  }
  const forms = root.querySelectorAll('form').flatMap((form) => readForm(root, form, pageUrl))
  return { links, forms }
}

/** One form, once per named submit button (each reaches its own branch of the action, e.g. `intent`). */
function readForm(root: HTMLElement, form: HTMLElement, pageUrl: string): FoundForm[] {
  const id = form.getAttribute('id')
  const inside = form
    .querySelectorAll('input, select, textarea, button')
    .filter((control) => !control.hasAttribute('form') || control.getAttribute('form') === id)
  // Controls elsewhere in the page that name this form in their `form` attribute (a delete button in a card).
  const outside = id
    ? root.querySelectorAll(`[form="${id}"]`).filter((control) => !inside.includes(control) && !isInside(control, form))
    : []
  const fields: Field[] = []
  const submitters: Field[] = []
  const radios = new Set<string>()
  for (const control of [...inside, ...outside]) {
    const name = control.getAttribute('name')
    const tag = control.tagName.toLowerCase()
    const type = (control.getAttribute('type') ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase()
    if (tag === 'button' || type === 'submit' || type === 'image') {
      if (name && type === 'submit')
        submitters.push({ name, value: control.getAttribute('value') ?? '', kind: 'submit' })
      continue
    }
    if (!name || type === 'button' || type === 'reset') continue
    if (tag === 'select') {
      const values = control.querySelectorAll('option').map((option) => option.getAttribute('value') ?? option.text)
      const selected = control.querySelectorAll('option').findIndex((option) => option.hasAttribute('selected'))
      const value = selected >= 0 ? values[selected]! : (values.find(Boolean) ?? values[0] ?? '')
      fields.push({ name, value, kind: 'select' })
    } else if (tag === 'textarea') {
      fields.push({ name, value: control.text.replace(/^\n/, '') || plausible(control, 'textarea'), kind: 'text' })
    } else if (type === 'radio') {
      // One field per group: the checked button's value, or the first one's.
      if (radios.has(name)) {
        if (control.hasAttribute('checked')) fields.find((f) => f.name === name)!.value = radioValue(control)
        continue
      }
      radios.add(name)
      fields.push({ name, value: radioValue(control), kind: 'radio' })
    } else if (type === 'checkbox') {
      // Sent as if ticked, so that actions which need a selection (ids of files, reviews) get one.
      fields.push({ name, value: control.getAttribute('value') ?? 'on', kind: 'checkbox' })
    } else if (type === 'file') {
      fields.push({ name, value: '', kind: 'file' })
    } else if (type === 'hidden') {
      fields.push({ name, value: control.getAttribute('value') ?? '', kind: 'hidden' })
    } else {
      fields.push({ name, value: control.getAttribute('value') || plausible(control, type), kind: 'text' })
    }
  }
  const method = (form.getAttribute('method') ?? 'get').toLowerCase() === 'post' ? 'POST' : 'GET'
  const actionUrl = new URL(form.getAttribute('action') ?? '', pageUrl)
  actionUrl.hash = ''
  const base = {
    page: pageUrl,
    method,
    action: actionUrl.toString(),
    multipart: (form.getAttribute('enctype') ?? '').toLowerCase() === 'multipart/form-data',
  } as const
  if (submitters.length === 0) return [{ ...base, fields }]
  return submitters.map((submitter) => ({ ...base, fields: [...fields, submitter] }))
}

/**
 * What a person would type into a required field of this type, or into an e-mail field (a signup box may leave
 * `required` off); other optional fields, honeypots included, stay empty.
 */
function plausible(control: HTMLElement, type: string): string {
  if (!control.hasAttribute('required') && type !== 'email') return ''
  if (type === 'email') return 'collector@example.com'
  if (type === 'password') return 'Correct-horse-battery-42'
  if (type === 'url') return 'https://example.com/image.png'
  if (type === 'number' || type === 'range') return control.getAttribute('min') ?? '1'
  const text = 'A collector typed this text.'
  const min = Number(control.getAttribute('minlength') ?? 0)
  const max = Number(control.getAttribute('maxlength') ?? Infinity)
  return text.padEnd(min, '.').slice(0, max)
}

function isInside(control: HTMLElement, form: HTMLElement): boolean {
  for (let node = control.parentNode; node; node = node.parentNode) if (node === form) return true
  return false
}
const radioValue = (control: HTMLElement) => control.getAttribute('value') ?? 'on'

/**
 * Forms found on many pages (a search box in every header, a delete button per file) are fuzzed once: a form
 * is its method, the shape of its action's path and its fields (with the values of the hidden ones and of its
 * submit button, which pick the action's branch). The action's query is the page's own (Remix keeps it).
 */
export function formKey(form: FoundForm): string {
  return `${shape(new URL(form.action).pathname)} ${formSignature(form)}`
}

/** A form without its address: the same filter form on every category page has one signature. */
export function formSignature(form: FoundForm): string {
  const fields = [
    ...new Set(
      form.fields.map((field) =>
        field.kind === 'hidden' || field.kind === 'submit'
          ? `${field.name}=${isWord(field.value) ? field.value : '*'}`
          : field.name,
      ),
    ),
  ].sort()
  return [form.method, form.multipart ? 'multipart' : 'urlencoded', ...fields].join(' ')
}

/**
 * A hidden field or button that picks a branch has a word for a value (intent=delete); ids, addresses and tokens
 * vary from page to page and do not make another form.
 */
const isWord = (value: string) => /^[A-Za-z_-]{1,30}$/.test(value)

/** The field that picks the action's branch: the pressed button's, else a hidden field holding a word. */
const branchField = (form: FoundForm) =>
  form.fields.find((f) => f.kind === 'submit') ?? form.fields.find((f) => f.kind === 'hidden' && isWord(f.value))

/** The form for a report: its method, address and branch ("POST /admin/settings intent=add-user"). */
export function formName(form: FoundForm): string {
  const url = new URL(form.action)
  const branch = branchField(form)
  return `${form.method} ${url.pathname}${url.search}${branch ? ` ${branch.name}=${branch.value}` : ''}`
}

/** An address's shape: path segments and query values holding digits (ids, ASINs, pages) become `*`. */
export function urlShape(address: string): string {
  const url = new URL(address)
  const query = [...url.searchParams].map(([key, value]) => `${key}=${shape(value)}`).sort()
  return `${shape(url.pathname)}?${query.join('&')}`
}

const shape = (text: string) =>
  text
    .split('/')
    .map((part) => (/\d/.test(part) ? '*' : part))
    .join('/')

/**
 * Every submission of a form: once as filled in; then each hostile value, and the field's own value with the
 * hostile tail, in each field in turn (the others as filled in, so that hidden fields such as `intent` still
 * reach the action's real branch); each value in every field a visitor types in at once; every field sent
 * twice; and each hostile file in each file input.
 */
export function* submissionsOf(form: FoundForm): Generator<Submission> {
  const sent = form.fields.filter((f) => f.kind !== 'file')
  /** Every field as filled in, except those named `name` (a list of checkboxes is one name). */
  const defaults = (except?: string): Array<[string, string | File]> =>
    sent.filter((f) => f.name !== except).map((f) => [f.name, f.value])
  yield { form, label: 'as filled in', entries: defaults() }
  for (const name of new Set(form.fields.map((f) => f.name))) {
    for (const [label, value] of HOSTILE_VALUES) {
      yield { form, label: `${name} = ${label}`, entries: [...defaults(name), [name, value]] }
    }
    const own = sent.find((f) => f.name === name)?.value ?? ''
    yield { form, label: `${name} = ${HOSTILE_TAIL[0]}`, entries: [...defaults(name), [name, own + HOSTILE_TAIL[1]]] }
  }
  const typed = new Set(sent.filter((f) => ['text', 'select', 'radio'].includes(f.kind)).map((f) => f.name))
  if (typed.size > 1) {
    for (const [label, value] of HOSTILE_VALUES) {
      const entries = sent.map((f): [string, string] => [f.name, typed.has(f.name) ? value : f.value])
      yield { form, label: `every field = ${label}`, entries }
    }
  }
  if (sent.length > 0) yield { form, label: 'every field repeated', entries: [...defaults(), ...defaults()] }
  if (form.multipart) {
    for (const field of form.fields.filter((f) => f.kind === 'file')) {
      for (const [label, file] of hostileFiles()) {
        yield { form, label: `${field.name} = ${label}`, entries: [...defaults(), [field.name, file]] }
      }
    }
  }
}

/** The request a browser would make for the submission (no redirect followed). */
export function requestOf(submission: Submission, headers: Record<string, string>): [string, RequestInit] {
  const { form, entries } = submission
  if (form.method === 'GET') {
    const url = new URL(form.action)
    // A GET form replaces the action's query with its fields, as browsers do.
    url.search = new URLSearchParams(entries.map(([name, value]) => [name, String(value)])).toString()
    return [url.toString(), { method: 'GET', headers, redirect: 'manual' }]
  }
  let body: FormData | URLSearchParams
  if (form.multipart) {
    body = new FormData()
    for (const [name, value] of entries) body.append(name, value)
  } else {
    body = new URLSearchParams(entries.map(([name, value]) => [name, String(value)]))
  }
  const url = new URL(form.action)
  for (const [name, value] of submission.query ?? []) url.searchParams.append(name, value)
  return [url.toString(), { method: 'POST', body, headers: { ...headers, Origin: url.origin }, redirect: 'manual' }]
}

/** Other spellings of a field's name that a form reader may take for the name itself (Conform reads `.n` as `n`). */
const RESPELLINGS: ReadonlyArray<(name: string) => string> = [
  (name) => `.${name}`,
  (name) => `${name}.`,
  (name) => `[${name}]`,
  (name) => `${name}[0]`,
]

/**
 * The form's submissions with a field under another name, twice, or in the address's query too: for the field that
 * picks the action's branch and the first other one. Each is respelled (`.n`, `n.`, `[n]`, `n[0]`); sent twice,
 * with its own value, and with another value first; and, for a POST, sent in the query with the other value as
 * well as in the body, and in the query alone. The other value is what another form posting to the same path sends
 * in that field (another branch, which a reader of the first value, or of the query, would take), else "other".
 */
export function* nameMutationsOf(form: FoundForm, forms: readonly FoundForm[]): Generator<Submission> {
  const sent = form.fields.filter((f) => f.kind !== 'file')
  const branch = branchField(form)
  const first = sent.find((f) => f.name !== branch?.name)
  const path = new URL(form.action).pathname
  const siblings = forms.filter((other) => other.method === form.method && new URL(other.action).pathname === path)
  for (const field of [branch, first]) {
    if (!field) continue
    const { name, value } = field
    const other =
      siblings.flatMap((f) => f.fields).find((f) => f.name === name && f.value && f.value !== value)?.value ?? 'other'
    const rest = sent.filter((f) => f.name !== name).map((f): [string, string] => [f.name, f.value])
    for (const respell of RESPELLINGS) {
      yield { form, label: `${name} sent as ${respell(name)}`, entries: [...rest, [respell(name), value]] }
    }
    yield { form, label: `${name} twice`, entries: [...rest, [name, value], [name, value]] }
    yield { form, label: `${name} twice, "${other}" first`, entries: [...rest, [name, other], [name, value]] }
    if (form.method === 'POST') {
      const query: Array<[string, string]> = [[name, other]]
      yield { form, label: `${name} in the query too, as "${other}"`, entries: [...rest, [name, value]], query }
      yield { form, label: `${name} in the query only`, entries: rest, query: [[name, value]] }
    }
  }
}
