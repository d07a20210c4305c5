import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import autocannon from 'autocannon'
import {
  bustedPath,
  bustedSearchPath,
  COMMON_TERM,
  loadCatalogue,
  randomCategoryPath,
  randomProductPath,
  randomSearchPath,
  type Catalogue,
} from './mixes.ts'

// npm run bench:ab -- <other checkout> [mix] [rounds] [seconds]: which of two builds costs less CPU per uncached
// answer. On a shared machine req/s and even CPU per answer drift by ±30% from minute to minute, so one run after
// the other compares the machine's moods as much as the code. Here both servers run at once, on the same bench
// database, and the load alternates between them in short rounds: the drift falls on both alike.
// The other checkout needs its own production build (`npm run build` there; node_modules may be a link to ours).

const [otherRoot, mix = 'product', rounds = '8', seconds = '4'] = process.argv.slice(2)
if (!otherRoot) {
  console.error('Usage: npm run bench:ab -- <other checkout> [product|category|search|mylar|floor] [rounds] [seconds]')
  process.exit(2)
}
const root = path.resolve(import.meta.dirname, '..')
// The bench database `npm run bench` made, on the server DATABASE_URL names.
const databaseUrl = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres')
databaseUrl.pathname = '/cv_bench'

function mixPath(catalogue: Catalogue): () => string {
  switch (mix) {
    case 'product':
      return () => randomProductPath(catalogue)
    case 'category':
      return () => randomCategoryPath(catalogue)
    case 'search':
      return () => randomSearchPath(catalogue)
    case 'mylar':
      return () => bustedSearchPath(COMMON_TERM)
    case 'floor':
      return bustedPath('/about')
    default:
      throw new Error(`Unknown mix ${mix}`)
  }
}

interface Side {
  name: string
  port: number
  child: ChildProcess
  ticks: number
  answers: number
}

function start(name: string, cwd: string, port: number): Side {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'bench-session-secret-not-used-for-anything-real',
      RUN_WORKER: 'false',
      LOG_LEVEL: 'warn',
      REDIS_PREFIX: `bench-ab-${name}`,
      WEB_CONCURRENCY: '1',
    },
  })
  return { name, port, child, ticks: 0, answers: 0 }
}

/** User and system clock ticks of a process and its descendants (Linux's /proc). */
function treeTicks(rootPid: number): number {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // Gone meanwhile.
    }
  }
  let ticks = 0
  for (const [pid] of parents) {
    let at: number | undefined = pid
    while (at && at !== rootPid) at = parents.get(at)
    if (at !== rootPid) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks
}

async function healthy(side: Side) {
  for (let i = 0; i < 360; i++) {
    const ok = await fetch(`http://127.0.0.1:${side.port}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${side.name} did not start`)
}

function load(side: Side, next: () => string, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${side.port}`,
        connections: 10,
        duration,
        requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
      },
      (error: unknown, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

const catalogue = await loadCatalogue(databaseUrl.toString())
const next = mixPath(catalogue)
const sides = [start('this', root, 3401), start('other', path.resolve(otherRoot), 3402)]
try {
  await Promise.all(sides.map(healthy))
  // Warm-up: a process just started costs up to twice the CPU per page until V8 has optimised it.
  for (const side of sides) await load(side, next, 15)
  for (let round = 0; round < Number(rounds); round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const before = treeTicks(side.child.pid!)
      const result = await load(side, next, Number(seconds))
      side.ticks += treeTicks(side.child.pid!) - before
      side.answers += result.requests.total
    }
  }
  const [mine, other] = sides.map((side) => (side.ticks * 10) / side.answers) as [number, number]
  console.log(`${mix}: web CPU ms per answer — this checkout ${mine.toFixed(2)}, ${otherRoot} ${other.toFixed(2)}`)
  console.log(`this / other = ${(mine / other).toFixed(3)} (${sides.map((s) => `${s.name} ${s.answers}`).join(', ')})`)
} finally {
  for (const side of sides) side.child.kill('SIGTERM')
}
