import type { MetaFunction } from '@remix-run/node'
import { getEnv } from '#app/lib/env.server.ts'
import { notFoundMeta } from '#app/utils/meta.ts'

// A page for tests only, answered when TEST_FIXTURE_ROUTES is on (never on a real site): raw HTML carrying a
// script, as an HTML-injection bug would leave one, so a test can show the CSP refuses what the app did not write
// (docs/decisions/072).

const INJECTED_HTML = "<p>Raw HTML follows.</p><script>document.documentElement.dataset.injected='yes'</script>"

// Off, a 404 like any unknown address, drawn by the layout's boundary.
export function loader() {
  if (!getEnv().TEST_FIXTURE_ROUTES) throw new Response('Not Found', { status: 404 })
  return null
}

export const meta: MetaFunction<typeof loader> = ({ error, matches }) =>
  error ? notFoundMeta('Page not found', { error, matches }) : [{ title: 'Injected script (test fixture)' }]

export default function InjectedScriptFixture() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Injected script</h1>
      <div dangerouslySetInnerHTML={{ __html: INJECTED_HTML }} />
    </main>
  )
}
