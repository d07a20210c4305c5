import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

// The shipped VCL (deploy/varnish/storefront.vcl) under Varnish's own test tool: each .vtc loads it with a
// backends.vcl for its stand-in servers and proves one promise of docs/decisions/054. Debian's varnish and
// varnish-modules (xkey) are needed; .ci/run installs them.

const run = promisify(execFile)
const files = readdirSync('deploy/varnish/tests')
  .filter((name) => name.endsWith('.vtc'))
  .map((name) => `deploy/varnish/tests/${name}`)

test('there are VCL tests', () => {
  expect(files.length).toBeGreaterThanOrEqual(6)
})

test.each(files)(
  '%s passes under varnishtest',
  async (file) => {
    const result = await run('varnishtest', ['-q', '-t', '30', file]).catch(
      (error: { code?: unknown; stdout?: string; stderr?: string }) => error,
    )
    expect('code' in result ? `${result.stdout}${result.stderr}` : '').toBe('')
  },
  40_000,
)
