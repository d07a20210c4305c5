import type { EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { createStaticHandler, type AgnosticDataRouteObject } from '@remix-run/router'
import { useContext } from 'react'
import { renderToString } from 'react-dom/server'
import { UNSAFE_DataRouterContext, type RouteObject } from 'react-router-dom'
import { createStaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'

// patches/ make the route tree once per build instead of once per request (docs/decisions/032); without them
// every render builds new route objects and the router's match cache, keyed by them, never hits.

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
    const manifest = {
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
    const render = async () => {
      const context = {
        manifest,
        routeModules: { root: { default: Root } },
        staticHandlerContext: await staticContext([{ id: 'root', path: '' }]),
        serverHandoffString: '{}',
        future: {},
        isSpaMode: false,
        serializeError: (error: Error) => ({ message: error.message }),
      } as unknown as EntryContext
      return renderToString(<RemixServer context={context} url="http://shop.test/" />)
    }

    expect(await render()).toContain('<p>home</p>')
    await render()
    expect(seen).toHaveLength(2)
    expect(seen[1]).toBe(seen[0])
  })
})
