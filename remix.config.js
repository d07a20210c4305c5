// Remix's own options. vite.config.ts hands them to the Remix Vite plugin; app/routes.ts reads the ignore list.

/** @satisfies {import('@remix-run/dev').VitePluginConfig['future']} */
export const future = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  // Off: with ~45 routes the whole manifest is one small cached file, while lazy discovery matched the route
  // tree again for every server render to inline a partial one (5% of an uncached page's CPU;
  // docs/performance-log/2026-11-23.md).
  v3_lazyRouteDiscovery: false,
  v3_singleFetch: true,
  v3_routeConfig: true,
}

// Tests and helpers may sit beside route modules without becoming routes.
export const ignoredRouteFiles = ['**/.*', '**/*.test.{ts,tsx}', '**/__*.*']
