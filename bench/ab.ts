import { readdirSync } from 'node:fs'
import path from 'node:path'
import { cannon, percentile } from './cannon.ts'
import { databaseUrlFor } from './data.ts'
import { coldMixes, loadCatalogue, type Catalogue } from './mixes.ts'
import { CLOCK_TICKS, processTicks, processTree, ServerProcess, serverEnv, waitForHealth } from './server.ts'

// npm run bench:ab -- <other checkout> [mix] [rounds] [seconds]: which of two builds costs less CPU per uncached
// answer. On a shared machine req/s and even CPU per answer drift by ±30% from minute to minute, so one run after
// the other compares the machine's moods as much as the code. Here both servers run at once, on the same bench
// database, and the load alternates between them in short rounds: the drift falls on both alike.
// The other checkout needs its own production build (`npm run build` there; node_modules may be a link to ours).

const [otherRoot, mix = 'product', rounds = '8', seconds = '4'] = process.argv.slice(2)
if (!otherRoot) {
  console.error(
    'Usage: npm run bench:ab -- <other checkout> [product|category|search|mylar|floor|guide] [rounds] [seconds]',
  )
  process.exit(2)
}
const root = path.resolve(import.meta.dirname, '..')
// Both servers share one database, so they must agree on its migrations: each refuses one it does not know.
const migrationsOf = (checkout: string) =>
  readdirSync(path.join(checkout, 'db/migrations')).filter((file) => /^\d+_.+\.ts$/.test(file))
const differing = [migrationsOf(root), migrationsOf(otherRoot)]
  .map((mine, side, both) => mine.filter((file) => !both[1 - side]!.includes(file)))
  .flat()
if (differing.length) {
  console.error(
    `The checkouts' migrations differ (${differing.join(', ')}): bench:ab shares one database between them. ` +
      'Compare a change of SQL with `npm run bench` on each checkout instead.',
  )
  process.exit(2)
}
// The bench database `npm run bench` made, on the server DATABASE_URL names.
const databaseUrl = databaseUrlFor(
  process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  'cv_bench',
)

function mixPath(catalogue: Catalogue): () => string {
  const mixes = coldMixes(catalogue)
  if (!Object.hasOwn(mixes, mix)) throw new Error(`Unknown mix ${mix}`)
  return mixes[mix as keyof typeof mixes]
}

interface Side {
  name: string
  port: number
  server: ServerProcess
  ticks: number
  answers: number
  /** Answers that were not 2xx, or requests that got none: an error page costs less than the page. */
  failed: number
  /** Every measured answer's response time, ms. */
  latencies: number[]
}

function start(name: string, cwd: string, port: number): Side {
  const env = serverEnv({
    databaseUrl,
    port,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    redisPrefix: `bench-ab-${name}`,
    webConcurrency: 1,
  })
  return { name, port, server: new ServerProcess(env, null, cwd), ticks: 0, answers: 0, failed: 0, latencies: [] }
}

/** CPU clock ticks of a server: its process and any it started. */
const serverTicks = (side: Side) => processTree(side.server.child.pid!).reduce((sum, pid) => sum + processTicks(pid), 0)

function load(side: Side, next: () => string, duration: number, samples?: number[]) {
  return cannon(
    {
      url: `http://127.0.0.1:${side.port}`,
      connections: 10,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
    },
    samples,
  )
}

function printComparison(sides: readonly Side[]) {
  const [mine, other] = sides.map((side) => (side.ticks * 1000) / CLOCK_TICKS / side.answers) as [number, number]
  console.log(`${mix}: web CPU ms per answer — this checkout ${mine.toFixed(2)}, ${otherRoot} ${other.toFixed(2)}`)
  console.log(`this / other = ${(mine / other).toFixed(3)} (${sides.map((s) => `${s.name} ${s.answers}`).join(', ')})`)
  // The tail, over every round: both sides met the same moods of the machine, so their tails compare too.
  const tails = sides.map((side) => {
    const sorted = side.latencies.sort((a, b) => a - b)
    return `${side.name} p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`
  })
  console.log(`response times: ${tails.join('; ')}`)
}

const catalogue = await loadCatalogue(databaseUrl)
const next = mixPath(catalogue)
const sides = [start('this', root, 3401), start('other', path.resolve(otherRoot), 3402)]
try {
  await Promise.all(sides.map((side) => waitForHealth(side.server, `http://127.0.0.1:${side.port}`)))
  // Warm-up: a process just started costs up to twice the CPU per page until V8 has optimised it.
  for (const side of sides) await load(side, next, 15)
  for (let round = 0; round < Number(rounds); round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const before = serverTicks(side)
      const result = await load(side, next, Number(seconds), side.latencies)
      side.ticks += serverTicks(side) - before
      side.answers += result.requests.total
      side.failed += result.non2xx + result.errors
    }
  }
  const failing = sides.filter((side) => side.failed > 0)
  if (failing.length) {
    for (const side of failing) console.error(`${side.name}: ${side.failed} of ${side.answers} answers were not 2xx`)
    console.error('No comparison: a checkout that fails its pages is not cheaper. Fix it and run again.')
    process.exitCode = 1
  } else {
    printComparison(sides)
  }
} finally {
  await Promise.all(sides.map((side) => side.server.stop()))
}
