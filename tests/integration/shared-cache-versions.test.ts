import express from 'express'
import { beforeAll, describe, expect, test } from 'vitest'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { EVERY_PAGE, productChanged, type Invalidation } from '#app/lib/page-tags.ts'
import { sharedCacheHeaders } from '#app/lib/shared-cache-headers.server.ts'
import { serveForTests } from '#tests/support/serve.ts'

// The tag versions on Redis (docs/decisions/054): a write's invalidation, as any host makes it (numbered, published
// and its versions raised in one script), turns a render it spanned, on any host, into a page no shared cache may
// keep; a render it did not touch stays shareable. Here the write happens in the middle of the stand-in route's
// render, between the two reads of the versions.

let writeDuringRender: Invalidation | undefined

const app = express()
app.use(sharedCacheHeaders({ checkVersions: true }))
app.get(['/product/:asin', '/category/:slug', '/unknown-page'], async (_req, res) => {
  if (writeDuringRender) await invalidatePages(writeDuringRender)
  res.set('Cache-Control', 'public, max-age=0, s-maxage=60').type('html').end('page')
})

let base = ''
beforeAll(async () => {
  base = await serveForTests(app)
})

async function shareable(path: string, write?: Invalidation) {
  writeDuringRender = write
  try {
    const response = await fetch(base + path)
    await response.text()
    const xkey = response.headers.get('xkey')
    expect(response.headers.get('cache-control')).toBe(xkey ? 'public, max-age=0, s-maxage=60' : 'private, no-store')
    return xkey !== null
  } finally {
    writeDuringRender = undefined
  }
}

describe('tag versions on Redis', () => {
  test('a write that touches the page while it renders makes it private; one that does not, does not', async () => {
    expect(await shareable('/category/bags')).toBe(true)
    expect(await shareable('/category/bags', productChanged('B0A', ['bags']))).toBe(false)
    expect(await shareable('/category/bags', productChanged('B0A', ['boxes']))).toBe(true)
    expect(await shareable('/product/B0A', productChanged('B0A', ['boxes']))).toBe(false)
    expect(await shareable('/product/B0B', productChanged('B0A', ['boxes']))).toBe(true)
    expect(await shareable('/product/B0B')).toBe(true)
  })

  test('a write that drops everything touches every page; any write touches a page the tag map does not know', async () => {
    expect(await shareable('/product/B0C', EVERY_PAGE)).toBe(false)
    expect(await shareable('/unknown-page')).toBe(true)
    expect(await shareable('/unknown-page', ['search'])).toBe(false)
  })
})
