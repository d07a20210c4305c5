import type { EntryContext } from '@remix-run/node'
import { RemixServer, Scripts, ScrollRestoration } from '@remix-run/react'
import { createStaticHandler, matchRoutes, type AgnosticDataRouteObject } from '@remix-run/router'
// The function Remix calls every loader through; not public, so reached by its file.
import { callRouteLoader } from '@remix-run/server-runtime/dist/data.js'
import { useContext } from 'react'
import { renderToString } from 'react-dom/server'
import { UNSAFE_DataRouterContext, type RouteObject } from 'react-router-dom'
import { createStaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { runnableInlineScripts } from '#tests/support/inline-scripts.ts'
import { collectInlineScripts } from './content-security-policy.server.ts'
import { readDataTransfer } from './document.server.ts'

// patches/ make the route tree once per build instead of once per request (docs/decisions/032); without them
// every render builds new route objects and the router's match cache, keyed by them, never hits. One more has
// Remix report the inline scripts it writes, which a document's CSP allows by their hashes (docs/decisions/072).

async function staticContext(routes: AgnosticDataRouteObject[]) {
  const context = await createStaticHandler(routes).query(new Request('http://shop.test/'))
  if (context instanceof Response) throw new Error('expected a static handler context')
  return context
}

describe('patched router libraries', () => {
  it('createStaticRouter makes the data routes once per routes array', async () => {
    const routes: RouteObject[] = [{ id: 'root', path: '/' }]
    const context = await staticContext([{ id: 'root', path: '/' }])
    const first = createStaticRouter(routes, context)
    const second = createStaticRouter(routes, context)
    expect(second.routes).toBe(first.routes)
    expect(second.state.matches[0]!.route).toBe(first.routes[0])
    expect(createStaticRouter([{ id: 'root', path: '/' }], context).routes).not.toBe(first.routes)
  })

  it('<RemixServer> renders every request of a build with the same route tree', async () => {
    const seen: unknown[] = []
    function Root() {
      seen.push(useContext(UNSAFE_DataRouterContext)!.router.routes)
      return <p>home</p>
    }
    const manifest = rootManifest()
    const render = async () => {
      const context = await rootContext(manifest, Root)
      return renderToString(<RemixServer context={context} url="http://shop.test/" />)
    }

    expect(await render()).toContain('<p>home</p>')
    await render()
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(seen[0])
  })

  it('<Scripts>, <ScrollRestoration> and the data transfer report each inline script they write, as they write it', async () => {
    // Beside them, a script in raw HTML, as an injection would leave one: written, but reported by no one.
    function Root() {
      return (
        <>
          <div dangerouslySetInnerHTML={{ __html: '<script>injected()</script>' }} />
          <ScrollRestoration />
          <Scripts />
        </>
      )
    }
    const context = await rootContext(rootManifest(), Root, {
      future: { v3_singleFetch: true },
      serverHandoffStream: new Blob(['[{"_1":2},"loaded"]']).stream(),
      renderMeta: {},
    })
    await readDataTransfer(context)
    const reported = collectInlineScripts(context)
    const html = renderToString(<RemixServer context={context} url="http://shop.test/" />)

    // Scroll restoration, the context, the route modules, the data and the end of the data.
    expect(reported).toHaveLength(5)
    expect(runnableInlineScripts(html)).toEqual(['injected()', ...reported])
  })

  it('matches every address as the unpatched matcher does, trying only the branches its first segment allows', () => {
    // The shapes our route tree uses: a root, pathless layouts, index routes, plain, dynamic and splat segments.
    const routes: AgnosticDataRouteObject[] = [
      {
        id: 'root',
        path: '',
        children: [
          {
            id: 'site',
            children: [
              { id: 'home', index: true },
              { id: 'about', path: 'about' },
              { id: 'product', path: 'product/:asin' },
              { id: 'sitemap', path: 'sitemap.xml' },
              { id: 'optional', path: 'guide/:size?' },
              { id: 'site-splat', path: '*' },
            ],
          },
          {
            id: 'admin',
            path: 'admin',
            children: [
              { id: 'admin-home', index: true },
              { id: 'admin-product', path: 'products/:id' },
              { id: 'admin-splat', path: '*' },
            ],
          },
          { id: 'by-slug', path: ':slug/reviews' },
          { id: 'exact-case', path: 'Exact', caseSensitive: true },
        ],
      },
    ]
    const leaf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id
    const cases: Record<string, string | undefined> = {
      '/': 'home',
      '/about': 'about',
      '/ABOUT/': 'about',
      '/%61bout': 'about',
      '/about/more': 'site-splat',
      '//about': 'site-splat',
      '/product/B000TEST01': 'product',
      '/Product/b000test01': 'product',
      '/sitemap.xml': 'sitemap',
      '/guide': 'optional',
      '/guide/silver': 'optional',
      '/admin': 'admin-home',
      '/admin/products/7': 'admin-product',
      '/admin/nothing': 'admin-splat',
      '/mylar/reviews': 'by-slug',
      '/about/reviews': 'by-slug',
      '/Exact': 'exact-case',
      '/exact': 'site-splat',
      '/nowhere': 'site-splat',
    }
    for (const [pathname, id] of Object.entries(cases)) expect([pathname, leaf(pathname)]).toEqual([pathname, id])
    expect(matchRoutes(routes, '/admin/products/7')?.at(-1)?.params).toEqual({ id: '7' })
  })

  it('ranks a routes array once, however often it is matched', () => {
    // Unpatched, every match flattens and ranks the whole tree again (~8% of an uncached page's CPU).
    const routes: AgnosticDataRouteObject[] = [{ id: 'about', path: 'about' }]
    expect(matchRoutes(routes, '/about')?.[0]?.route.id).toBe('about')
    // The same array, changed after its first match, is matched as it was ranked then; a new array is ranked anew.
    routes.push({ id: 'faq', path: 'faq' })
    expect(matchRoutes(routes, '/faq')).toBeNull()
    expect(matchRoutes([...routes], '/faq')?.[0]?.route.id).toBe('faq')
  })

  it('hands each loader the request itself when it has no parameter to strip, and a copy without them otherwise', async () => {
    const requestSeenBy = async (request: Request) => {
      let seen: Request | undefined
      await callRouteLoader({
        loader: (args) => ((seen = args.request), null),
        request,
        params: {},
        loadContext: { clientIp: '', allowInlineScripts: () => {} },
        routeId: 'routes/product',
        singleFetch: true,
      })
      return seen!
    }
    for (const url of ['http://shop.test/product/B000TEST01', 'http://shop.test/category/bags?sort=newest&min=0']) {
      const request = new Request(url)
      expect(await requestSeenBy(request)).toBe(request)
    }
    // A query the URL standard writes differently ("%20" becomes "+") is copied, as before: loaders see one form.
    for (const [url, seenUrl] of [
      ['http://shop.test/?index&_routes=root&q=a', 'http://shop.test/?q=a'],
      ['http://shop.test/search?q=mylar%20bags', 'http://shop.test/search?q=mylar+bags'],
    ]) {
      const request = new Request(url!)
      const seen = await requestSeenBy(request)
      expect(seen).not.toBe(request)
      expect(seen.url).toBe(seenUrl)
    }
  })
})

/** A build with the root route alone. */
function rootManifest() {
  return {
    entry: { module: '/entry.client.js', imports: [] },
    url: '/manifest.js',
    version: '1',
    routes: {
      root: {
        id: 'root',
        path: '',
        module: '/root.js',
        hasAction: false,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
      },
    },
  }
}

/** One request's context for `<RemixServer>`, rendering `Root` at `/`. */
async function rootContext(manifest: ReturnType<typeof rootManifest>, Root: () => JSX.Element, fields = {}) {
  return {
    manifest,
    routeModules: { root: { default: Root } },
    staticHandlerContext: await staticContext([{ id: 'root', path: '' }]),
    serverHandoffString: '{}',
    future: {},
    isSpaMode: false,
    serializeError: (error: Error) => ({ message: error.message }),
    ...fields,
  } as unknown as EntryContext
}
