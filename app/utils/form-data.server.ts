import { formatPaths, getPaths } from '@conform-to/dom'
import { namesWithinLimits } from '#app/lib/request-limits.server.ts'
import { withoutNul } from '#app/schemas/params.ts'

/**
 * Reads a form body of at most `maxBytes`. `request.formData()` buffers whatever arrives, so a public form
 * would let anyone make the server hold megabytes; this stops reading at the limit instead. Returns null when
 * the form is too large: over `maxBytes`, or over the limits on its fields and their names (REQUEST_LIMITS,
 * docs/decisions/073), checked before anything reads the names as paths (Conform). Throws a 400 response when
 * it is not a form (no browser sends that), or has a name Conform would read as another (`.intent` as `intent`,
 * docs/decisions/074). Every name, text value and file name comes without NUL, which Postgres refuses in text
 * (docs/decisions/025).
 */
export async function readFormData(request: Request, maxBytes: number): Promise<FormData | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return null

  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        // Not cancel(): that destroys the connection before the 413 is sent. The server drains the rest.
        reader.releaseLock()
        return null
      }
      chunks.push(value)
    }
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }

  let form: FormData
  try {
    const contentType = request.headers.get('content-type') ?? ''
    form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    throw new Response('Bad Request: expected a form submission', { status: 400 })
  }
  if (!namesWithinLimits(form.keys())) return null
  form = formWithoutNul(form)
  if (!namesReadAsWritten(form)) throw new Response(MISNAMED_FIELD, { status: 400 })
  return form
}

export const MISNAMED_FIELD = 'Bad Request: a field of this form is named in a way its page never names it.'

/**
 * Whether Conform's parse reads every field under the name it was sent with. It reads `.intent` as `intent` and
 * finds no field at all in `[intent]`, so a check that reads the raw form and an action that reads the parse would
 * see two different forms; with names only as Conform writes them, both see one (docs/decisions/074).
 */
export function namesReadAsWritten(form: FormData | URLSearchParams): boolean {
  for (const name of new Set(form.keys())) {
    try {
      if (formatPaths(getPaths(name)) !== name) return false
    } catch {
      return false // a name Conform cannot parse at all
    }
  }
  return true
}

/** The form with U+0000 dropped from every name, text value and file name (the same form when it has none). */
export function formWithoutNul(form: FormData): FormData {
  const hasNul = (name: string, value: FormDataEntryValue) =>
    name.includes('\0') || (typeof value === 'string' ? value : value.name).includes('\0')
  if (![...form].some(([name, value]) => hasNul(name, value))) return form
  const clean = new FormData()
  for (const [name, value] of form) {
    if (typeof value === 'string') clean.append(withoutNul(name), withoutNul(value))
    else clean.append(withoutNul(name), value, withoutNul(value.name))
  }
  return clean
}
