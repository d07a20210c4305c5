import type { EntryContext } from '@remix-run/node'
import { expect, test } from 'vitest'
import { documentBytes, readDataTransfer } from './document.server.ts'

const page = '<html><head></head><body><main>é</main></body></html>'
const late = '<!--$--><script>window.x=1</script><!--/$-->'
const documentText = (html: string) => documentBytes(html).toString('utf8')

test('what React writes after </html> ends up inside <body>, behind the doctype', () => {
  expect(documentText(page + late)).toBe(
    '<!DOCTYPE html><html><head></head><body><main>é</main><!--$--><script>window.x=1</script><!--/$--></body></html>',
  )
})

test('a document that already ends with </body></html> is unchanged', () => {
  expect(documentText(page)).toBe(`<!DOCTYPE html>${page}`)
})

test('a body without the closing tags is unchanged', () => {
  expect(documentText('<p>a</p></body')).toBe('<!DOCTYPE html><p>a</p></body')
})

test('the data transfer is read whole, multi-byte characters split between chunks included, as one finished chunk', async () => {
  const bytes = new TextEncoder().encode('[{"title":"é"},"ü"]')
  const at = bytes.indexOf(0xc3) + 1 // in the middle of é
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, 3))
      controller.enqueue(bytes.subarray(3, at))
      controller.enqueue(bytes.subarray(at))
      controller.close()
    },
  })
  const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext
  await readDataTransfer(context)
  const first = context.renderMeta?.streamCache?.[0]
  expect(first?.result).toEqual({ done: true, value: '[{"title":"é"},"ü"]' })
  await expect(first).resolves.toBeUndefined()
})

test('without a data transfer (no single fetch, or no scripts) nothing is read', async () => {
  const context = { renderMeta: {} } as unknown as EntryContext
  await readDataTransfer(context)
  expect(context.renderMeta?.streamCache).toBeUndefined()
})
