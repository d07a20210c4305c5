import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { documentEndLast } from './document-end.server.ts'

function through(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(documentEndLast()))
}

const page = '<!DOCTYPE html><html><head></head><body><main>é</main></body></html>'
const late = '<!--$--><script>window.x=1</script><!--/$-->'

test('what React writes after </html> ends up inside <body>', async () => {
  expect(await through([page, late])).toBe(
    '<!DOCTYPE html><html><head></head><body><main>é</main><!--$--><script>window.x=1</script><!--/$--></body></html>',
  )
})

test('closing tags split across chunks, in any place, are still found', async () => {
  const whole = page + late
  const expected = await through([whole])
  for (let cut = 1; cut < whole.length; cut++) {
    expect(await through([whole.slice(0, cut), whole.slice(cut)])).toBe(expected)
  }
  expect(await through([...whole])).toBe(expected) // one character at a time
})

test('a document that already ends with </body></html> is unchanged', async () => {
  expect(await through(page.match(/.{1,7}/g)!)).toBe(page)
})

test('a body without the closing tags (a fragment, an error text) passes through untouched', async () => {
  expect(await through(['Not Found'])).toBe('Not Found')
  expect(await through(['<p>a</p>', '</body'])).toBe('<p>a</p></body')
})

test('multi-byte characters split between chunks come out whole', async () => {
  const bytes = Buffer.from(page + late)
  const at = bytes.indexOf(Buffer.from('é')) + 1 // in the middle of é
  const out = await text(Readable.from([bytes.subarray(0, at), bytes.subarray(at)]).pipe(documentEndLast()))
  expect(out).toContain('<main>é</main>')
})
