import express from 'express'
import { beforeAll, describe, expect, test } from 'vitest'
import { serveForTests } from '#tests/support/serve.ts'
import { createPageCache } from './page-cache.server.ts'
import { raiseLocally } from './page-tag-versions.server.ts'
import { sharedCacheHeaders } from './shared-cache-headers.server.ts'

// The headers a shared cache keeps a page by (docs/decisions/054), in front of our own page cache and stand-in
// routes, without Redis (one process: the tag versions are this process's). A write on another host is a raise
// of the versions that does not drop our own cache, as when its message has not arrived yet.

let writeDuringRender: (() => void) | undefined

function site(checkVersions: boolean) {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'nonce'
    next()
  })
  app.use(sharedCacheHeaders({ checkVersions }))
  app.use(createPageCache({ minUses: 1 }).middleware)
  app.get(['/product/:asin', '/category/:slug', '/private'], async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 20))
    writeDuringRender?.()
    const cacheControl = req.path === '/private' ? 'private, no-store' : 'public, max-age=0, s-maxage=60'
    res.set('Cache-Control', cacheControl).type('html')
    res.write(`<p>${req.path}</p>`)
    res.end('<p>end</p>')
  })
  return app
}

const bases: Record<'checked' | 'unchecked', string> = { checked: '', unchecked: '' }
beforeAll(async () => {
  for (const [name, checked] of [
    ['checked', true],
    ['unchecked', false],
  ] as const) {
    bases[name] = await serveForTests(site(checked))
  }
})

async function get(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers })
  return {
    xkey: response.headers.get('xkey'),
    cacheControl: response.headers.get('cache-control'),
    ourCache: response.headers.get('x-page-cache'),
    body: await response.text(),
  }
}

describe('shared-cache headers', () => {
  test('a public page carries its tags in xkey, whole, from a render and from our own cache', async () => {
    const render = await get(bases.checked, '/product/B0A')
    expect(render).toEqual({
      xkey: 'product:B0A all',
      cacheControl: 'public, max-age=0, s-maxage=60',
      ourCache: 'MISS',
      body: '<p>/product/B0A</p><p>end</p>',
    })
    const hit = await get(bases.checked, '/product/B0A')
    expect(hit).toEqual({ ...render, ourCache: 'HIT' })
    expect((await get(bases.unchecked, '/category/bags')).xkey).toBe('category:bags all')
  })

  test('a private page, or a signed-in visitor’s, carries no tags', async () => {
    expect((await get(bases.checked, '/private')).xkey).toBeNull()
    const signedIn = await get(bases.checked, '/category/signed-in', { cookie: 'store=UK; cv_session=abc' })
    expect(signedIn.xkey).toBeNull()
    expect(signedIn.cacheControl).toBe('private, no-store')
  })

  test('a render a write on another host touched goes out private; one the write did not touch stays public', async () => {
    writeDuringRender = () => raiseLocally(['category:bags', 'search'])
    try {
      const touched = await get(bases.checked, '/category/bags?spanned=1')
      expect(touched).toMatchObject({ xkey: null, cacheControl: 'private, no-store' })
      expect(touched.body).toBe('<p>/category/bags</p><p>end</p>')
      expect((await get(bases.checked, '/product/B0B')).xkey).toBe('product:B0B all')
      // Without purges there is nothing to protect: no versions are read.
      expect((await get(bases.unchecked, '/category/bags?spanned=1')).xkey).toBe('category:bags all')
    } finally {
      writeDuringRender = undefined
    }
  })

  test('a page our own cache kept from before another host’s write is not handed on as shareable', async () => {
    await get(bases.checked, '/category/boxes')
    expect((await get(bases.checked, '/category/boxes')).ourCache).toBe('HIT')
    raiseLocally(['category:boxes'])
    const stale = await get(bases.checked, '/category/boxes')
    expect(stale).toMatchObject({ ourCache: 'HIT', xkey: null, cacheControl: 'private, no-store' })
  })

  test('a write that drops everything touches every page', async () => {
    await get(bases.checked, '/product/B0C')
    raiseLocally('*')
    expect((await get(bases.checked, '/product/B0C')).cacheControl).toBe('private, no-store')
  })
})
