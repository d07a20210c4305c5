import { expect, test } from 'vitest'
import { revisionChanges } from './revision-diff.server.ts'

const words = (body: string, title = 'Title', summary = 'Summary') => ({ title, summary, body })
const lines = (count: number, prefix = 'line') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`)

test('lines added and removed, with three unchanged lines around each change and the rest folded', () => {
  const before = lines(20)
  const after = [...before]
  after[9] = 'line 10, rewritten'
  const changes = revisionChanges(words(before.join('\n')), words(after.join('\n')))
  expect(changes).toMatchObject({ linesAdded: 1, linesRemoved: 1, title: null, summary: null })
  expect(changes.rows).toEqual([
    { kind: 'folded', count: 6 },
    ...['line 7', 'line 8', 'line 9'].map((text) => ({ kind: 'same', text })),
    { kind: 'removed', text: 'line 10' },
    { kind: 'added', text: 'line 10, rewritten' },
    ...['line 11', 'line 12', 'line 13'].map((text) => ({ kind: 'same', text })),
    { kind: 'folded', count: 7 },
  ])
})

test('a single unchanged line between two changes is shown, not folded', () => {
  const before = lines(9)
  const after = [...before]
  after[0] = 'first, rewritten'
  after[8] = 'last, rewritten'
  const { rows } = revisionChanges(words(before.join('\n')), words(after.join('\n')))
  expect(rows.some((row) => row.kind === 'folded')).toBe(false)
  expect(rows).toContainEqual({ kind: 'same', text: 'line 5' })
})

test('the products the embeds name, added and removed; titles and summaries compared whole', () => {
  const before =
    '::product{asin="AAAA000001"}\n\nSee :price{asin="BBBB000002"}.\n\n::products{category="mylar-sleeves"}\n'
  const after = '::compare{asins="BBBB000002,CCCC000003"}\n\n::products{category="boxes"}\n'
  const changes = revisionChanges(words(before, 'Old'), words(after, 'New', 'Other'))
  expect(changes.products).toEqual({ added: ['CCCC000003'], removed: ['AAAA000001'] })
  expect(changes.title).toEqual({ from: 'Old', to: 'New' })
  expect(changes.summary).toEqual({ from: 'Summary', to: 'Other' })
})

test('the same text: nothing added or removed, everything folded', () => {
  const body = lines(10).join('\n')
  expect(revisionChanges(words(body), words(body))).toMatchObject({
    rows: [{ kind: 'folded', count: 10 }],
    linesAdded: 0,
    linesRemoved: 0,
    products: { added: [], removed: [] },
  })
})
