import { describe, expect, test } from 'vitest'
import { REQUEST_LIMITS } from '#app/lib/request-limits.server.ts'
import { MISNAMED_FIELD, namesReadAsWritten, readFormData } from './form-data.server.ts'

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request('http://localhost/form', { method: 'POST', body, headers })
}

/** A body sent in chunks with no Content-Length, as a chunked upload arrives. */
function streamed(chunks: string[], contentType: string) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
  return new Request('http://localhost/form', {
    method: 'POST',
    body,
    headers: { 'Content-Type': contentType },
    duplex: 'half',
  } as RequestInit)
}

describe('readFormData', () => {
  test('reads an urlencoded form within the limit', async () => {
    const form = await readFormData(post(new URLSearchParams({ name: 'Ann', note: 'a&b=c' })), 1024)
    expect(form?.get('name')).toBe('Ann')
    expect(form?.get('note')).toBe('a&b=c')
  })

  test('reads a multipart form within the limit', async () => {
    const sent = new FormData()
    sent.set('message', 'héllo')
    const form = await readFormData(post(sent), 1024)
    expect(form?.get('message')).toBe('héllo')
  })

  test('a declared Content-Length over the limit is refused without reading', async () => {
    const request = post('name=x', { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '2000' })
    expect(await readFormData(request, 1024)).toBeNull()
    expect(request.bodyUsed).toBe(false)
  })

  test('a streamed body with no Content-Length is read up to the limit', async () => {
    const form = await readFormData(
      streamed(['name=A', 'nn&message=', 'hi'], 'application/x-www-form-urlencoded'),
      1024,
    )
    expect(Object.fromEntries(form!)).toEqual({ name: 'Ann', message: 'hi' })
  })

  test('a streamed body with no Content-Length stops at the limit', async () => {
    const request = streamed(['message=', 'x'.repeat(600), 'x'.repeat(600)], 'application/x-www-form-urlencoded')
    expect(await readFormData(request, 1024)).toBeNull()
  })

  test('a body that is not a form is a 400', async () => {
    const thrown = await readFormData(post('{"name":"Ann"}', { 'Content-Type': 'application/json' }), 1024).catch(
      (error: unknown) => error,
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(400)
  })

  test('NUL is dropped from every name, text value and file name, urlencoded or multipart', async () => {
    const urlencoded = await readFormData(
      post(
        new URLSearchParams([
          ['na\0me', 'A\0nn'],
          ['tags', '\0'],
        ]),
      ),
      1024,
    )
    expect([...urlencoded!]).toEqual([
      ['name', 'Ann'],
      ['tags', ''],
    ])
    const sent = new FormData()
    sent.append('message', 'hé\0llo')
    sent.append('file', new File(['<png>'], 'x\0.png', { type: 'image/png' }))
    const multipart = await readFormData(post(sent), 1024)
    expect(multipart?.get('message')).toBe('héllo')
    const file = multipart?.get('file') as File
    expect([file.name, file.type, await file.text()]).toEqual(['x.png', 'image/png', '<png>'])
  })

  test('a form over the limits on fields and names is refused as too large, urlencoded or multipart', async () => {
    const fields = (count: number) => new URLSearchParams(Array.from({ length: count }, (_, n) => [`f${n}`, '']))
    const named = (name: string) => new URLSearchParams([[name, 'x']])
    const big = 1 << 20
    expect(await readFormData(post(fields(REQUEST_LIMITS.fields)), big)).not.toBeNull()
    expect(await readFormData(post(named('n'.repeat(REQUEST_LIMITS.nameLength))), big)).not.toBeNull()
    for (const form of [
      fields(REQUEST_LIMITS.fields + 1),
      fields(10_000),
      named('n'.repeat(REQUEST_LIMITS.nameLength + 1)),
      named(`a${'[0]'.repeat(1_000)}`),
      named(`a${'.b'.repeat(1_000)}`),
    ]) {
      expect(await readFormData(post(form), big)).toBeNull()
    }
    const multipart = new FormData()
    for (let n = 0; n <= REQUEST_LIMITS.fields; n++) multipart.append('f', '')
    expect(await readFormData(post(multipart), big)).toBeNull()
  })

  test('an empty body is an empty form', async () => {
    const request = new Request('http://localhost/form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    const form = await readFormData(request, 1024)
    expect(form).not.toBeNull()
    expect([...form!.keys()]).toEqual([])
  })

  test('a field named in a way Conform reads as another name is refused with a 400', async () => {
    for (const name of ['.intent', 'intent.', '[intent]', 'a..b', 'a[b]', 'a[-1]', '__proto__', 'a.constructor']) {
      const refused = await readFormData(post(new URLSearchParams([[name, 'delete']])), 1024).catch((e) => e)
      expect(refused, name).toBeInstanceOf(Response)
      expect([refused.status, await refused.text()], name).toEqual([400, MISNAMED_FIELD])
    }
  })
})

describe('namesReadAsWritten', () => {
  test('names as every form of ours writes them pass: plain, lists, nested objects', () => {
    const form = new URLSearchParams('intent=save&ids=1&ids=2&specs[0].name=Size&specs[0].value=7&tags[]=x&a-b_c=1')
    expect(namesReadAsWritten(form)).toBe(true)
  })

  test('names Conform would read as another, or cannot read, do not', () => {
    for (const name of ['.intent', 'intent.', '[intent]', '[0]x', 'a.[0]', 'a[0', 'a]', 'a[x]', '__proto__.x']) {
      expect(namesReadAsWritten(new URLSearchParams([[name, '']])), name).toBe(false)
    }
  })
})
