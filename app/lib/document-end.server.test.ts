import { expect, test } from 'vitest'
import { closingTagsLast, gatherDocument } from './document-end.server.ts'

const page = '<!DOCTYPE html><html><head></head><body><main>é</main></body></html>'
const late = '<!--$--><script>window.x=1</script><!--/$-->'

function moved(html: string): string {
  return closingTagsLast(Buffer.from(html)).toString()
}

test('what React writes after </html> ends up inside <body>', () => {
  expect(moved(page + late)).toBe(
    '<!DOCTYPE html><html><head></head><body><main>é</main><!--$--><script>window.x=1</script><!--/$--></body></html>',
  )
})

test('a document that already ends with </body></html> is unchanged', () => {
  expect(moved(page)).toBe(page)
})

test('a body without the closing tags (a fragment, an error text) is unchanged', () => {
  expect(moved('Not Found')).toBe('Not Found')
  expect(moved('<p>a</p></body')).toBe('<p>a</p></body')
})

test('the document is gathered whole from any chunks, multi-byte characters split between them included', async () => {
  const bytes = Buffer.from(page + late)
  const at = bytes.indexOf(Buffer.from('é')) + 1 // in the middle of é
  const gathered = new Promise<string>((resolve, reject) => {
    const destination = gatherDocument((html) => resolve(html.toString()), reject)
    destination.write(bytes.subarray(0, 7))
    destination.write(bytes.subarray(7, at))
    destination.write(bytes.subarray(at))
    destination.end()
  })
  expect(await gathered).toBe(moved(page + late))
  expect(await gathered).toContain('<main>é</main>')
})
