import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

// npm run bench:profile [file.cpuprofile …]: where a web process's CPU went, from the V8 profiles that
// `npm run bench -- --profile` leaves in bench/results/profiles (the newest, by default). Self time grouped by
// where the code lives, then the functions that cost most. See bench/README.md.

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** Where a function lives, in the groups docs/performance-log/ reports. First match wins. */
const GROUPS: Array<[string, (frame: ProfileNode['callFrame']) => boolean]> = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['V8 and native (program)', (f) => f.functionName === '(program)'],
  [
    'route matching (@remix-run/router)',
    (f) => f.url.includes('@remix-run/router') && ROUTE_MATCHING.test(f.functionName),
  ],
  ['React render (react-dom/server)', (f) => f.url.includes('/react-dom/') || f.url.includes('/react/')],
  ['Remix runtime', (f) => /@remix-run\/(server-runtime|router|react|node|express)\//.test(f.url)],
  [
    'web streams, Request/Response (undici)',
    (f) => /webstreams|undici|node:internal\/(abort|event_target|blob)/.test(f.url),
  ],
  ['SQL client (pg, Kysely)', (f) => /\/(pg|pg-protocol|pg-pool|pg-types|kysely|postgres-array)\//.test(f.url)],
  [
    'Express and middleware',
    (f) =>
      /\/(express|helmet|compression|on-finished|on-headers|send|serve-static|finalhandler|router|path-to-regexp|cookie|accepts|negotiator|qs|content-type|vary|etag|fresh|parseurl|depd|debug|mime)\//.test(
        f.url,
      ),
  ],
  [
    'logging and metrics',
    (f) => /\/(pino|pino-std-serializers|sonic-boom|thread-stream|prom-client|tdigest|bintrees)\//.test(f.url),
  ],
  ['ioredis', (f) => /\/(ioredis|redis-parser|denque|cluster-key-slot)\//.test(f.url)],
  ['app (server.ts, app/, build/server)', (f) => /\/build\/server\/|\/app\/|\/server\.ts|\/db\//.test(f.url)],
  ['other node_modules', (f) => f.url.includes('/node_modules/')],
  ['Node core (HTTP, net, streams, timers)', (f) => f.url.startsWith('node:')],
  ['native (no script)', (f) => f.url === ''],
  ['other', () => true],
]
const ROUTE_MATCHING =
  /^(matchRoutes|matchRoutesImpl|flattenRoutes|flattenRoute|rankRouteBranches|computeScore|compareIndexes|explodeOptionalSegments|matchRouteBranch|matchPath|compilePath|decodePath|stripBasename|joinPaths|normalizePathname)$/

function profileFiles(args: string[]): string[] {
  if (args.length) return args
  const dir = path.resolve(import.meta.dirname, 'results/profiles')
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  if (!files[0]) throw new Error(`No .cpuprofile in ${dir}: run npm run bench -- --profile first`)
  // A run leaves one profile per thread (tsx's loader runs in a thread of its own): the newest run's largest.
  const newest = statSync(files[0]).mtimeMs
  const run = files.filter((file) => newest - statSync(file).mtimeMs < 60_000)
  return [run.sort((a, b) => statSync(b).size - statSync(a).size)[0]!]
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const selfMs = new Map<number, number>()
  profile.samples.forEach((id, index) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000),
  )

  const groups = new Map<string, number>()
  const functions = new Map<string, number>()
  let busy = 0
  for (const [id, ms] of selfMs) {
    const frame = byId.get(id)!.callFrame
    const group = GROUPS.find(([, test]) => test(frame))![0]
    groups.set(group, (groups.get(group) ?? 0) + ms)
    if (group === 'idle') continue
    busy += ms
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(build|app)\//, '$1/')}:${frame.lineNumber + 1}`
      : ''
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim()
    functions.set(name, (functions.get(name) ?? 0) + ms)
  }

  const share = (ms: number) => `${((100 * ms) / busy).toFixed(1)}%`
  console.log(
    `\n${path.relative(process.cwd(), file)}: ${(busy / 1000).toFixed(1)} s busy, ${((groups.get('idle') ?? 0) / 1000).toFixed(1)} s idle\n`,
  )
  console.log('| share of busy CPU | group |\n| --- | --- |')
  for (const [group, ms] of [...groups].filter(([group]) => group !== 'idle').sort((a, b) => b[1] - a[1])) {
    console.log(`| ${share(ms)} | ${group} |`)
  }
  console.log('\nMost self time:')
  for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`  ${share(ms).padStart(6)}  ${name}`)
  }
}

for (const file of profileFiles(process.argv.slice(2))) summarise(file)
