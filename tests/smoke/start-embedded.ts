import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '#tests/support/free-port.ts'

// The README's run command, as a newcomer runs it: `npm start` with no configuration at all. It must come up
// on the embedded database, seed it, and serve the shop. Runs after the e2e suite (which leaves a build).

const dataDir = mkdtempSync(path.join(tmpdir(), 'cv-start-'))
const port = await freePort()
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_DATA_DIR: dataDir }
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'SESSION_SECRET', 'NODE_ENV', 'CI']) delete env[name]

const server = spawn('npm', ['start'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
let output = ''
server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

const checks: Array<[string, boolean]> = []
try {
  const deadline = Date.now() + 120_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`)
    if (Date.now() > deadline) throw new Error('npm start did not answer within 120 s')
    const health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null)
    if (health?.ok) break
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
  const home = await fetch(`http://127.0.0.1:${port}/`).then(async (r) => ({ status: r.status, body: await r.text() }))
  checks.push(['home page answers 200', home.status === 200])
  checks.push(['home page shows the seeded categories', home.body.includes('Mylar Sleeves')])
  const category = await fetch(`http://127.0.0.1:${port}/category/mylar-sleeves`)
  checks.push(['a seeded category answers 200', category.status === 200])
  checks.push([
    'start-up message names the URL and /admin/setup',
    /running at http:\/\/localhost:\d+.*\/admin\/setup/.test(output),
  ])
} catch (error) {
  checks.push([String(error), false])
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM') // the whole group: npm, tsx and the server
  } catch {
    // already gone
  }
  if (server.exitCode === null && server.signalCode === null)
    await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}

for (const [name, ok] of checks) console.log(`${ok ? '✓' : '✗'} npm start (embedded): ${name}`)
const failed = checks.filter(([, ok]) => !ok).length
console.log(`${checks.length - failed} passed, ${failed} failed`)
if (failed > 0) {
  console.log(output.split('\n').slice(-30).join('\n'))
  process.exit(1)
}
