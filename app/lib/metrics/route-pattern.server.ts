import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router'
import { RecentMap } from '#app/utils/recent-map.ts'

/**
 * The label a request is counted under: the pattern of the Remix route that answers it (`/product/:asin`),
 * or the group of files that does (`/assets/*`, `/uploads/*`, `static`). Never the address itself, so
 * the number of series stays the number of routes (docs/decisions/028).
 */
export function createRoutePattern(staticDir: string) {
  const staticFiles = listFiles(staticDir)
  const trees = new WeakMap<ServerBuild['routes'], AgnosticRouteObject[]>()
  // Matching tries the ranked routes one by one (~25 µs here, ~150 µs before the router patch of
  // docs/decisions/032), a tenth of what a cached page costs to serve: the addresses that come back often are
  // remembered, a bounded number of them.
  const remembered = new RecentMap<string, string>(REMEMBERED_PATHS)

  function match(pathname: string, routes: ServerBuild['routes']): string {
    let tree = trees.get(routes)
    if (!tree) trees.set(routes, (tree = routeTree(routes)))
    const matches = matchRoutes(tree, pathname)
    if (!matches) return 'unmatched'
    const segments = matches.flatMap((match) => (match.route.path ? [match.route.path] : []))
    return `/${segments.join('/')}`
  }

  return function routePattern(pathname: string, routes: ServerBuild['routes']): string {
    if (pathname === '/metrics') return '/metrics'
    if (pathname.startsWith('/assets/')) return '/assets/*'
    if (pathname.startsWith('/uploads/')) return '/uploads/*'
    if (staticFiles.has(pathname)) return 'static'
    return remembered.remember(pathname, () => match(pathname, routes))
  }
}

const REMEMBERED_PATHS = 10_000

/** The build's flat route list as the nested tree Remix itself matches against. */
function routeTree(routes: ServerBuild['routes'], parentId?: string): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) },
    )
}

/** Files express.static serves from the build (not /assets, grouped apart): a few, listed once at start. */
function listFiles(dir: string): Set<string> {
  const files = new Set<string>()
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue
      const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
      if (!file.startsWith('assets/')) files.add(`/${file}`)
    }
  } catch {
    // No build (development): Vite serves public files, and they are counted under the route they match.
  }
  return files
}
