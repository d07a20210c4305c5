import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import { Redis } from 'ioredis'
import pg from 'pg'
import { freePort } from '#tests/support/free-port.ts'
import { startVarnish, type Varnish } from '#tests/support/varnish.ts'
import { analyticsPath, ensureAnalyticsData } from './analytics.ts'
import { cannon, percentile } from './cannon.ts'
import { BENCH_GUIDE_SLUG, ensureBenchGuide, prepareBenchDatabase, type PreparedData, type Shape } from './data.ts'
import { bustedSearchPath, coldMixes, loadCatalogue, type Catalogue } from './mixes.ts'
import {
  CLOCK_TICKS,
  processTicks,
  processTree,
  ServerProcess,
  serverEnv,
  SESSION_SECRET,
  waitForHealth,
} from './server.ts'
import {
  FRESH_SEARCH_PATTERN,
  freshSearchTerms,
  rewriteEveryProduct,
  vacuumAfterBulkLoad,
  vacuumAsTheJobsDo,
} from './shape-copies.ts'
import { AdminWriteLoop, createAdminSession, type SaveCounts } from './writes.ts'

// npm run bench: 100k products in a database of its own, the production server on it, autocannon against
// the public pages and against the product page's HTML as a static file (the ceiling). --cold: every request a
// new address, so the page cache misses; --writes: cached pages while an admin saves a product every second.
// See bench/README.md.

const USAGE = `Usage: npm run bench -- [options]

  --cold             the cold mixes instead of the cached pages: every request a new random address (product
                     pages, category pages, searches, the search for "mylar" and for a rare term, and a guide
                     with ten embeds)
  --writes           also measure the cached pages while an admin saves a product once a second (the writes
                     mix; with --cold, after the cold mixes)
  --web-concurrency <n>
                     web processes, started as npm start starts them (scripts/start.ts, node:cluster) (default 1)
  --write-doc        add this run's table, with date, commit and machine, to docs/performance-log/{day}.md,
                     and for a standard run put it in docs/performance.md's summary too
  --fresh            drop and rebuild the cv_bench database even if it already holds the wanted data
  --database <name>  the bench database's name instead of cv_bench (or cv_bench_copies): sessions sharing a
                     Postgres server each keep their own
  --shape <name>     synthetic (default): generated products, vacuumed; copies: the seeded products copied to
                     --products by one bulk insert and only analyzed, in cv_bench_copies, rebuilt on every run;
                     searched with terms mostly never searched before, and with --cold measured as loaded, then
                     again after VACUUM ANALYZE (bench/shape-copies.ts)
  --seed <n>         with --shape copies, which search terms the search mix draws (default 1)
  --rewrite          with --shape copies --cold, two more groups of rows: after every product is rewritten (one
                     UPDATE, as the nightly refresh rewrites them), then after the vacuum the jobs run after such
                     a write (db/vacuum.ts)
  --duration <s>     measured seconds per row (default 10)
  --warmup <s>       warm-up seconds per row, not measured (default 3)
  --server-warmup <s>
                     before the first row, this long of every row's addresses in turn, not measured: a process
                     just started costs up to twice the CPU per page until V8 has optimised it (default 20)
  --connections <n>  concurrent connections (default 10)
  --products <n>     products in the catalogue (default 100000)
  --port <n>         port of the server under test (default 3399)
  --gzip             send Accept-Encoding: gzip, as browsers do (default: no compression)
  --max-wait <s>     before each page, wait up to this long for other work on the machine to stop (default 30)
  --only <text>      measure only the rows whose name contains <text> (and the ceiling); \`--only earnings\`:
                     only the earnings import row (bench/earnings-import.ts), no server
  --profile          web processes write CPU profiles (node --cpu-prof) to bench/results/profiles, summed up by
                     \`npm run bench:profile\`; no ceiling row (static files would swamp the profile)
  --varnish          a real varnishd with the project's VCL in front (docs/decisions/054; Debian's varnish and
                     varnish-modules): the cached rows and the ceiling through it, and with --cold each mix
                     through it and directly; the server purges it after each write
  --help             this text

Environment: DATABASE_URL names the Postgres server (default postgres://postgres@127.0.0.1:5432/postgres;
its database part is ignored), REDIS_URL the Redis (default redis://127.0.0.1:6379; empty for none).`

// DESIGN.md §8 for cached pages; the cold and writes goals came with those modes (bench/README.md).
const CACHED_GOAL: Goal = { minRatio: 0.4, maxP99Ms: 25 }
const WRITES_GOAL: Goal = { minRatio: 1.0, maxP99Ms: 25 }
const COLD_GOALS = {
  product: { minRatio: 0.15, maxP99Ms: 50 },
  category: { minRatio: 0.12, maxP99Ms: 75 },
  search: { minRatio: 0.1, maxP99Ms: 100 },
  // Issue 51: what a guide costs is the render of what it embeds (measured on four machines), so its target is a
  // share of the product pages' rate in the same run rather than of the ceiling.
  guide: { minRatio: 0.5, maxP99Ms: 75, ofRow: 'product pages' },
  // Issue 50: an owner's page, so no share of the ceiling; read by one person at a time (one connection).
  analytics: { minRatio: 0, maxP99Ms: 200 },
} satisfies Record<string, Goal>
/** A cold row whose share of page-cache misses is below this was not cold: the output says so. */
const COLD_MISS_SHARE = 0.9
const DATABASE_NAMES = { synthetic: 'cv_bench', copies: 'cv_bench_copies' } satisfies Record<Shape, string>
const BUSY_THRESHOLD = 0.15
const CEILING_PATH = '/__bench/product.html'

const root = path.resolve(import.meta.dirname, '..')
const ceilingFile = path.join(root, 'build/client', CEILING_PATH)

interface Options {
  cold: boolean
  writes: boolean
  webConcurrency: number
  writeDoc: boolean
  fresh: boolean
  shape: Shape
  /** The bench database's name; null: the shape's own (DATABASE_NAMES). */
  database: string | null
  seed: number
  /** With the copies' cold rows: measure them again after a rewrite of every product, and after its vacuum. */
  rewrite: boolean
  duration: number
  warmup: number
  serverWarmup: number
  connections: number
  products: number
  port: number
  gzip: boolean
  maxWait: number
  /** Measure only the rows whose name contains this (and the ceiling). */
  only: string | null
  /** Where the web processes write V8 CPU profiles (node --cpu-prof), or null for none. */
  profileDir: string | null
  varnish: boolean
}

interface Goal {
  minRatio: number
  maxP99Ms: number
  /** The row of the same run whose req/s the ratio is a share of; the static ceiling when absent. */
  ofRow?: string
}

interface Target {
  name: string
  /** The address, or for a random mix the pattern its addresses follow. */
  path: string
  /** A random mix: a new address for every request. */
  next?: () => string
  /** null for the ceiling and the floor: measured to compare with, no target of their own. */
  goal: Goal | null
  /** Measured while the admin write loop saves a product every second. */
  underWrites?: boolean
  /** A search: count the answers that found nothing. */
  search?: boolean
  /** With --varnish: asked of the server directly rather than through Varnish (the cold rows' twins). */
  direct?: boolean
  /** Sent with every request (a panel session's cookie). */
  headers?: Record<string, string>
  /** Concurrent connections, when not --connections. */
  connections?: number
}

interface Measurement {
  name: string
  path: string
  goal: Goal | null
  reqPerSec: number
  latencyMs: { p50: number; p99: number; mean: number; max: number }
  /** Percentiles of the raw response times (autocannon's histogram keeps whole milliseconds); judged and shown. */
  latencyExactMs: { p50: number; p99: number }
  /** X-Page-Cache of the measured answers: MISS, HIT, or none (not from the page cache, like the ceiling). */
  pageCache: { miss: number; hit: number; none: number; missShare: number | null }
  /** Searches only: answers that found no product. */
  emptyResults?: number
  /** Under writes only: admin saves that succeeded and failed during the measured run. */
  saves?: SaveCounts
  statusCodes: Record<string, number>
  non2xx: number
  errors: number
  timeouts: number
  requests: number
  bytesPerRequest: number
  /** CPU time per answer of the web processes and of Postgres, in ms (Linux only): steadier than req/s here. */
  cpuMsPerRequest: { server: number | null; postgres: number | null } | null
  warmupReqPerSec: number
  /** Share of all CPU time busy in the second before this page's warm-up, with the server idle. */
  machineBusyBefore: number
  /**
   * Share of the machine's CPU time used during the measured run by processes other than the bench, the
   * server and Postgres (Linux only; null elsewhere).
   */
  otherCpuShare: number | null
  ratioToCeiling?: number
  meetsTarget?: boolean
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      cold: { type: 'boolean', default: false },
      writes: { type: 'boolean', default: false },
      'web-concurrency': { type: 'string', default: '1' },
      'write-doc': { type: 'boolean', default: false },
      fresh: { type: 'boolean', default: false },
      shape: { type: 'string', default: 'synthetic' },
      database: { type: 'string' },
      seed: { type: 'string', default: '1' },
      rewrite: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      'server-warmup': { type: 'string', default: '20' },
      connections: { type: 'string', default: '10' },
      products: { type: 'string', default: '100000' },
      port: { type: 'string', default: '3399' },
      gzip: { type: 'boolean', default: false },
      'max-wait': { type: 'string', default: '30' },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      varnish: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const integer = (name: string, value: string, min: number) => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < min) throw new Error(`--${name} must be an integer >= ${min}`)
    return number
  }
  return {
    cold: values.cold,
    writes: values.writes,
    webConcurrency: integer('web-concurrency', values['web-concurrency'], 1),
    writeDoc: values['write-doc'],
    fresh: values.fresh,
    shape: shapeOption(values.shape),
    database: values.database ?? null,
    seed: integer('seed', values.seed, 0),
    rewrite: values.rewrite,
    duration: integer('duration', values.duration, 1),
    warmup: integer('warmup', values.warmup, 0),
    serverWarmup: integer('server-warmup', values['server-warmup'], 0),
    connections: integer('connections', values.connections, 1),
    products: integer('products', values.products, 100),
    port: integer('port', values.port, 1),
    gzip: values.gzip,
    maxWait: integer('max-wait', values['max-wait'], 0),
    only: values.only ?? null,
    profileDir: values.profile ? path.join(root, 'bench/results/profiles') : null,
    varnish: values.varnish,
  }
}

function shapeOption(value: string): Shape {
  if (value === 'synthetic' || value === 'copies') return value
  throw new Error(`--shape must be synthetic or copies, not ${value}`)
}

const log = (line: string) => console.error(line)

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', () => reject(new Error(`Port ${port} is in use: stop what listens there or pass --port`)))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(entry, { recursive: true })) {
    newest = Math.max(newest, statSync(path.join(entry, String(name))).mtimeMs)
  }
  return newest
}

function ensureBuild(): boolean {
  const built = path.join(root, 'build/server/index.js')
  const sources = ['app', 'db', 'public', 'vite.config.ts', 'remix.config.js', 'package-lock.json']
  const newestSource = Math.max(...sources.map((entry) => newestMtime(path.join(root, entry))))
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource) return false
  log('The production build is missing or older than the sources: npm run build…')
  // The build's chatter goes to stderr so that stdout carries only the results.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2], env: process.env })
  if (result.status !== 0) throw new Error('npm run build failed')
  return true
}

/** Pages cached by an earlier run (maybe on other data) must not be served to this one. */
async function clearRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  redis.on('error', () => {})
  try {
    await redis.connect()
    let removed = 0
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      const batch = keys as string[]
      if (batch.length) removed += await redis.del(...batch)
    }
    return removed
  } finally {
    redis.disconnect()
  }
}

async function pickTargets(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ asin: string; slug: string }>(`
      SELECT p.asin, c.slug FROM products p JOIN categories c ON c.id = p.category_id
      WHERE c.slug = 'mylar-sleeves' AND NOT c.is_hidden AND NOT p.soft_hidden
      ORDER BY p.is_featured DESC, p.id LIMIT 1`)
    const { rows: version } = await client.query<{ server_version: string }>('SHOW server_version')
    if (!rows[0]) throw new Error('No visible product in the mylar-sleeves category')
    return { asin: rows[0].asin, slug: rows[0].slug, postgresVersion: version[0]?.server_version ?? 'unknown' }
  } finally {
    await client.end()
  }
}

async function cpuBusyFraction(ms: number): Promise<number> {
  const total = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, user, nice, sys, irq } = cpu.times
        return { idle: sum.idle + idle, all: sum.all + idle + user + nice + sys + irq }
      },
      { idle: 0, all: 0 },
    )
  const before = total()
  await new Promise((resolve) => setTimeout(resolve, ms))
  const after = total()
  const all = after.all - before.all
  return all > 0 ? 1 - (after.idle - before.idle) / all : 0
}

/**
 * The load generator, the server and Postgres share the machine's cores: anything else running (a test
 * suite, a build) lowers every number. Between pages the server is idle, so the CPUs should be too.
 */
async function waitForQuiet(maxWaitSeconds: number): Promise<number> {
  const deadline = Date.now() + maxWaitSeconds * 1000
  let busy = await cpuBusyFraction(1_000)
  if (busy > BUSY_THRESHOLD && maxWaitSeconds > 0) {
    log(`  the CPUs are ${(busy * 100).toFixed(0)}% busy with other work: waiting up to ${maxWaitSeconds} s…`)
    while (busy > BUSY_THRESHOLD && Date.now() < deadline) busy = await cpuBusyFraction(1_000)
  }
  return busy
}

function disturbed(m: Measurement): boolean {
  return m.machineBusyBefore > BUSY_THRESHOLD || (m.otherCpuShare ?? 0) > BUSY_THRESHOLD
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`
}

/**
 * The machine's CPU ticks, busy ones (user, nice, system) and those of the processes under test: this one
 * (autocannon runs here), the server and its Postgres backends. Linux only.
 */
function cpuTicks(pids: number[]): { total: number; busy: number; ours: number } | null {
  if (!existsSync('/proc/stat')) return null
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
  const [user = 0, nice = 0, system = 0] = fields
  const ours = [process.pid, ...pids].reduce((sum, pid) => sum + processTicks(pid), 0)
  return { total: fields.reduce((sum, value) => sum + value, 0), busy: user + nice + system, ours }
}

/** Other sessions may share the Postgres server: only the bench database's backends and its own helpers count. */
async function postgresPids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE (datname = current_database() AND pid <> pg_backend_pid()) OR backend_type <> 'client backend'`,
    )
    return rows.map((row) => row.pid)
  } finally {
    await client.end()
  }
}

interface AnswerCounts {
  miss: number
  hit: number
  none: number
  empty: number
}

/**
 * autocannon's one request, a new address each time for a random mix (setupRequest runs before every
 * request), and what each answer says about the page cache. Every row reads its answers' headers, the
 * ceiling too, so the bookkeeping costs every row the same.
 */
function requestFor(target: Target, counts: AnswerCounts): autocannon.Request {
  const request: autocannon.Request = {
    onResponse: (_status, body, _context, headers) => {
      const raw = headers as Record<string, string | string[] | undefined>
      const cache = raw['X-Page-Cache'] ?? raw['x-page-cache']
      if (cache === 'MISS') counts.miss++
      else if (cache === 'HIT') counts.hit++
      else counts.none++
      if (target.search && body.includes('No products found for')) counts.empty++
    },
  }
  if (target.headers) request.headers = target.headers
  const next = target.next
  if (next) request.setupRequest = (req) => ({ ...req, path: next() })
  return request
}

async function measure(
  base: string,
  target: Target,
  options: Options,
  busy: number,
  pids: () => Promise<{ server: number[]; postgres: number[] }>,
  saves?: () => SaveCounts,
): Promise<Measurement> {
  const common = (counts: AnswerCounts): autocannon.Options => ({
    url: target.next ? base : base + target.path,
    requests: [requestFor(target, counts)],
    connections: target.connections ?? options.connections,
    pipelining: 1,
    headers: options.gzip ? { 'accept-encoding': 'gzip' } : {},
  })
  let warmupReqPerSec = 0
  if (options.warmup > 0) {
    const discarded = { miss: 0, hit: 0, none: 0, empty: 0 }
    warmupReqPerSec = (await cannon({ ...common(discarded), duration: options.warmup })).requests.average
  }
  const samples: number[] = []
  const counts = { miss: 0, hit: 0, none: 0, empty: 0 }
  // After the warm-up the server's pool holds its connections, so their backends are the ones to count.
  const underTest = await pids()
  const all = [...underTest.server, ...underTest.postgres]
  const savesBefore = saves?.()
  const ticksBefore = cpuTicks(all)
  const ticksOfEach = (pids: number[]) => new Map(pids.map((pid) => [pid, processTicks(pid)]))
  const serverBefore = ticksOfEach(underTest.server)
  const postgresBefore = ticksOfEach(underTest.postgres)
  const result = await cannon({ ...common(counts), duration: options.duration }, samples)
  const ticksAfter = cpuTicks(all)
  // Per process, so one that ended meanwhile (a Postgres helper) counts nothing rather than minus its past.
  const cpuMsPerRequest = (before: Map<number, number>) => {
    if (!result.requests.total) return null
    let ticks = 0
    for (const [pid, then] of before) ticks += Math.max(0, processTicks(pid) - then)
    return round((ticks * 1000) / CLOCK_TICKS / result.requests.total, 2)
  }
  const savesAfter = saves?.()
  samples.sort((a, b) => a - b)
  const statusCodes: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0
  const requests = result.requests.total
  const cached = counts.miss + counts.hit
  return {
    name: target.name,
    path: target.path,
    goal: target.goal,
    reqPerSec: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
    latencyExactMs: { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) },
    pageCache: {
      miss: counts.miss,
      hit: counts.hit,
      none: counts.none,
      missShare: cached ? counts.miss / cached : null,
    },
    ...(target.search ? { emptyResults: counts.empty } : {}),
    ...(savesBefore && savesAfter
      ? { saves: { done: savesAfter.done - savesBefore.done, failed: savesAfter.failed - savesBefore.failed } }
      : {}),
    statusCodes,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests,
    bytesPerRequest: requests ? Math.round(result.throughput.total / requests) : 0,
    cpuMsPerRequest: ticksBefore
      ? {
          server: cpuMsPerRequest(serverBefore),
          postgres: cpuMsPerRequest(postgresBefore),
        }
      : null,
    warmupReqPerSec,
    machineBusyBefore: round(busy, 3),
    otherCpuShare:
      ticksBefore && ticksAfter
        ? round(
            Math.max(0, ticksAfter.busy - ticksBefore.busy - (ticksAfter.ours - ticksBefore.ours)) /
              (ticksAfter.total - ticksBefore.total || 1),
            3,
          )
        : null,
  }
}

/**
 * Every row's addresses in turn, for a while, before anything is measured: a server just started spends its
 * first ten to twenty seconds making V8 optimise its code, at up to twice the CPU per page, and without this
 * only the first row would pay for it.
 */
async function warmServer(base: string, targets: Target[], options: Options): Promise<void> {
  if (!options.serverWarmup) return
  log(`Warming the server: ${options.serverWarmup} s of every row's addresses in turn, not measured…`)
  let turn = 0
  const next = (request: autocannon.Request) => {
    const target = targets[turn++ % targets.length]!
    const headers = { ...request.headers, ...target.headers }
    return { ...request, headers, path: target.next ? target.next() : target.path }
  }
  await cannon({
    url: base,
    connections: options.connections,
    duration: options.serverWarmup,
    requests: [{ setupRequest: next }],
  })
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function statusSummary(m: Measurement): string {
  const codes = Object.entries(m.statusCodes).sort(([a], [b]) => Number(a) - Number(b))
  const text = codes.length === 1 ? codes[0]![0] : codes.map(([code, count]) => `${code}×${count}`).join(' ')
  return m.errors ? `${text} err×${m.errors}` : text || 'none'
}

function goalText(m: Measurement): string {
  if (m.goal)
    return `≥ ${m.goal.minRatio.toFixed(2)}${m.goal.ofRow ? ` of ${m.goal.ofRow}` : ''}, p99 < ${m.goal.maxP99Ms}`
  return m.path === CEILING_PATH ? '(ceiling)' : '(none)'
}

/** Under writes a few answers in ten thousand miss: shown to two decimals below 1%. */
function cacheText(m: Measurement): string {
  const share = m.pageCache.missShare
  if (share === null) return '—'
  return share > 0 && share < 0.01 ? `${(share * 100).toFixed(2)}%` : percent(share)
}

/** Web processes' CPU + Postgres's CPU per answer. */
function cpuText(m: Measurement): string {
  const cpu = m.cpuMsPerRequest
  return cpu?.server == null || cpu.postgres == null ? '—' : `${cpu.server.toFixed(2)} + ${cpu.postgres.toFixed(2)}`
}

/** A Markdown table, padded as Prettier pads one: readable in a terminal, ready for docs/performance-log/. */
function table(rows: Measurement[]): string {
  const header = [
    'page',
    'URL',
    'status',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'target',
    'cache MISS',
    'meets',
    'CPU ms/req',
  ]
  const body = rows.map((m) => [
    disturbed(m) ? `${m.name} \\*` : m.name,
    `\`${m.path}\``,
    statusSummary(m),
    m.reqPerSec.toFixed(0),
    m.latencyExactMs.p50.toFixed(1),
    m.latencyExactMs.p99.toFixed(1),
    m.ratioToCeiling === undefined ? '—' : m.ratioToCeiling.toFixed(2),
    goalText(m),
    cacheText(m),
    m.meetsTarget === undefined ? '—' : m.meetsTarget ? 'yes' : 'NO',
    cpuText(m),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)))
  const format = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...body.map(format)].join('\n')
}

/** Untracked files (a node_modules link in a worktree, results) do not make the measured code another one. */
function gitDescription(): { commit: string; dirty: boolean } {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' })
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: root,
    encoding: 'utf8',
  })
  return { commit: head.stdout?.trim() || 'unknown', dirty: Boolean(status.stdout?.trim()) }
}

/** A run the summary in docs/performance.md can stand for: every row, in the default shape. */
function standardRun(options: Options): boolean {
  return (
    !options.only &&
    options.shape === 'synthetic' &&
    !options.profileDir &&
    !options.gzip &&
    options.webConcurrency === 1 &&
    options.products === 100_000 &&
    options.connections === 10
  )
}

/**
 * The run's section in docs/performance-log/{its UTC day}.md, above the day's earlier ones (the newest comes
 * first there; the file is made for a day's first run). With `summary`, the run also replaces the table of that
 * kind in docs/performance.md, between `<!-- bench:{summary}:start -->` and `<!-- bench:{summary}:end -->`.
 * Answers the files written.
 */
function writeDoc(startedAt: Date, heading: string, body: string, summary: 'cached' | 'cold' | null): string[] {
  const day = startedAt.toISOString().slice(0, 10)
  const logFile = path.join(root, 'docs/performance-log', `${day}.md`)
  const log = existsSync(logFile)
    ? readFileSync(logFile, 'utf8')
    : `# Performance log, ${day}\n\nThis day's runs, newest first. Today's numbers are in ` +
      `[docs/performance.md](../performance.md).\n`
  const section = `## ${heading}\n\n${body}`
  const at = log.indexOf('\n## ')
  mkdirSync(path.dirname(logFile), { recursive: true })
  writeFileSync(
    logFile,
    at === -1 ? `${log.trimEnd()}\n\n${section}` : `${log.slice(0, at + 1)}${section}\n${log.slice(at + 1)}`,
  )
  const written = [path.relative(root, logFile)]
  if (summary) {
    const file = path.join(root, 'docs/performance.md')
    const text = readFileSync(file, 'utf8')
    const start = `<!-- bench:${summary}:start -->`
    const end = `<!-- bench:${summary}:end -->`
    const from = text.indexOf(start)
    const to = text.indexOf(end)
    if (from === -1 || to < from) {
      console.warn(`docs/performance.md has no ${start} … ${end}: its summary was left as it is`)
    } else {
      const block = `**${heading}** ([log](performance-log/${day}.md))\n\n${body}`
      writeFileSync(file, `${text.slice(0, from + start.length)}\n\n${block}\n${text.slice(to)}`)
      written.push(path.relative(root, file))
    }
  }
  return written
}

/** What is done to the database before a group of rows is measured (bench/shape-copies.ts). */
type Preparation = 'none' | 'vacuum' | 'rewrite' | 'vacuum-as-the-jobs-do'

/**
 * The database states the rows are measured in, one after the other: as it is, or for the copies' cold rows as the
 * bulk load left it, then after a VACUUM: a plan that is fast only on a vacuumed table shows as a gap between them.
 * With --rewrite, then after every product is rewritten as the nightly refresh rewrites them, and after the vacuum
 * the jobs run after such a write (docs/decisions/057).
 */
function loadStates(options: Options): { suffix: string; prepare: Preparation }[] {
  if (options.shape !== 'copies' || !options.cold) return [{ suffix: '', prepare: 'none' }]
  return [
    { suffix: ' (after bulk load)', prepare: 'none' },
    { suffix: ' (after VACUUM)', prepare: 'vacuum' },
    ...(options.rewrite
      ? ([
          { suffix: ' (after a rewrite)', prepare: 'rewrite' },
          { suffix: " (after the rewrite's vacuum)", prepare: 'vacuum-as-the-jobs-do' },
        ] as const)
      : []),
  ]
}

const PREPARATIONS: Record<Exclude<Preparation, 'none'>, string> = {
  vacuum: 'VACUUM ANALYZE',
  rewrite: 'Rewriting every product',
  'vacuum-as-the-jobs-do': 'The vacuum the jobs run after a bulk write',
}

/** Puts the database in a group's state; answers the seconds it took. */
function prepare(preparation: Exclude<Preparation, 'none'>, databaseUrl: string) {
  if (preparation === 'vacuum') return vacuumAfterBulkLoad(databaseUrl)
  if (preparation === 'rewrite') return rewriteEveryProduct(databaseUrl)
  return vacuumAsTheJobsDo(databaseUrl)
}

/** The cold rows include the analytics page (its data takes a minute to write the first time). */
const measuresAnalytics = (options: Options) =>
  options.cold && options.shape === 'synthetic' && (!options.only || ANALYTICS_ROW.includes(options.only))
const ANALYTICS_ROW = 'analytics page'

function targetsFor(
  options: Options,
  catalogue: Catalogue | null,
  slug: string,
  productPath: string,
  panelCookie: string | null,
): Target[] {
  const cached: Target[] = [
    { name: 'home', path: '/', goal: CACHED_GOAL },
    { name: 'category', path: `/category/${slug}?sort=price-low`, goal: CACHED_GOAL },
    { name: 'search', path: '/search?q=mylar', goal: CACHED_GOAL },
    { name: 'product', path: productPath, goal: CACHED_GOAL },
  ]
  const rows: Target[] = []
  if (options.cold && catalogue) {
    const { commonTerm, rareTerm } = catalogue
    const copies = options.shape === 'copies'
    const mixes = coldMixes(catalogue, copies ? freshSearchTerms(options.seed) : undefined)
    rows.push(
      {
        name: 'product pages',
        path: '/product/{random visible ASIN}',
        next: mixes.product,
        goal: COLD_GOALS.product,
      },
      {
        name: 'category pages',
        path: '/category/{slug}?sort=…&min=…&max=…&rating=…',
        next: mixes.category,
        goal: COLD_GOALS.category,
      },
      {
        name: 'search',
        path: copies ? FRESH_SEARCH_PATTERN : '/search?q={1–2 title words}&_={random}',
        next: mixes.search,
        goal: COLD_GOALS.search,
        search: true,
      },
      {
        name: `search "${commonTerm.term}"`,
        path: `/search?q=${commonTerm.term}&_={random}`,
        next: mixes.mylar,
        goal: COLD_GOALS.search,
        search: true,
      },
    )
    if (rareTerm) {
      rows.push({
        name: `search "${rareTerm.term}"`,
        path: `/search?q=${rareTerm.term}&_={random}`,
        next: () => bustedSearchPath(rareTerm.term),
        goal: COLD_GOALS.search,
        search: true,
      })
    }
    rows.push({
      name: 'guide page',
      path: `/guides/${BENCH_GUIDE_SLUG}?_={random}`,
      next: mixes.guide,
      goal: COLD_GOALS.guide,
    })
    // No target: what rendering any page costs here, with no query of its own (the footer's is kept).
    rows.push({ name: 'floor: /about', path: '/about?_={random}', next: mixes.floor, goal: null })
    if (panelCookie) {
      // An owner's page is never page-cached: every answer is a render of the 90 days (bench/analytics.ts).
      rows.push({
        name: ANALYTICS_ROW,
        path: analyticsPath(),
        goal: COLD_GOALS.analytics,
        headers: { cookie: panelCookie },
        connections: 1,
      })
    }
  } else {
    rows.push(...cached)
  }
  if (options.writes) {
    rows.push(
      ...cached.map((target) => ({
        ...target,
        name: `${target.name} + writes`,
        goal: WRITES_GOAL,
        underWrites: true,
      })),
    )
  }
  // Through Varnish (docs/decisions/054): the cached rows and the ceiling are its hits; each cold row is measured
  // through it and, as a twin, directly, to show what a miss through the tier costs.
  if (options.varnish && options.cold) {
    for (const row of [...rows]) {
      if (row.next) rows.splice(rows.indexOf(row) + 1, 0, { ...row, name: `${row.name} (direct)`, direct: true })
    }
  }
  const chosen = options.only ? rows.filter((row) => row.name.includes(options.only!)) : rows
  if (!chosen.length) {
    const names = rows.map((row) => row.name).join(', ')
    throw new Error(`--only ${options.only} names no row of this mode (${names}); the uncached rows need --cold`)
  }
  // A profile is of the pages alone: static files would be most of it.
  if (!options.profileDir) chosen.push({ name: 'static ceiling', path: CEILING_PATH, goal: null })
  return chosen
}

const EARNINGS_IMPORT_ROW = 'earnings import'

/** The earnings import row (bench/earnings-import.ts), run as its own process so its peak RSS is the import's. */
function measureEarningsImport(): string {
  log('Importing a 100,000-row earnings report as the panel does (bench/earnings-import.ts)…')
  const child = spawnSync('npx', ['tsx', 'bench/earnings-import.ts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const row = child.stdout.trim().split('\n').pop() ?? ''
  if (child.status !== 0 || !row.startsWith('|')) throw new Error(`the earnings import failed: ${child.stdout}`)
  return row
}

async function main() {
  const options = parseOptions()
  const startedAt = new Date()
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const base = `http://127.0.0.1:${options.port}`
  const notes: string[] = []
  // Not a page but a row all the same: in a process of its own, before the server starts. `--only earnings` alone.
  const importOnly = options.only !== null && EARNINGS_IMPORT_ROW.includes(options.only)
  if (options.only === null || importOnly) notes.push(measureEarningsImport())
  if (importOnly) return console.log(notes[0])
  if (options.webConcurrency > 1 && !redisUrl) {
    throw new Error('--web-concurrency above 1 needs Redis (the web processes learn of each other’s writes there)')
  }

  await assertPortFree(options.port)
  const data: PreparedData = await prepareBenchDatabase({
    serverUrl,
    name: options.database ?? DATABASE_NAMES[options.shape],
    total: options.products,
    fresh: options.fresh,
    shape: options.shape,
    log,
  })
  await ensureBenchGuide(data.databaseUrl)
  if (measuresAnalytics(options)) await ensureAnalyticsData(data.databaseUrl, log)
  const rebuilt = ensureBuild()
  if (redisUrl) {
    const removed = await clearRedisPrefix(redisUrl, 'bench')
    if (removed) log(`Cleared ${removed} Redis keys left under bench: by an earlier run`)
  }
  const { asin, slug, postgresVersion } = await pickTargets(data.databaseUrl)
  const catalogue = options.cold || options.writes ? await loadCatalogue(data.databaseUrl) : null
  if (options.cold && catalogue && !catalogue.rareTerm)
    notes.push('No rare title word matched a product: no rare-term row')

  log(
    `Starting the production server on ${base} (scripts/start.ts, ${options.webConcurrency} web ` +
      `process${options.webConcurrency === 1 ? '' : 'es'})…`,
  )
  const varnishPort = options.varnish ? await freePort() : 0
  const server = new ServerProcess(
    {
      ...serverEnv({
        databaseUrl: data.databaseUrl,
        port: options.port,
        redisUrl,
        redisPrefix: 'bench',
        webConcurrency: options.webConcurrency,
      }),
      ...(options.varnish ? { HTTP_CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}/`, TRUST_PROXY: '1' } : {}),
    },
    options.profileDir,
  )
  let writeLoop: AdminWriteLoop | undefined
  const preparedSeconds: Partial<Record<Preparation, number>> = {}
  let varnish: Varnish | undefined
  const cleanUp = () => {
    if (server.running) server.child.kill('SIGTERM')
    varnish?.kill()
    rmSync(path.dirname(ceilingFile), { recursive: true, force: true })
  }
  process.once('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the server`)
      void (writeLoop?.close() ?? Promise.resolve())
        .catch(() => undefined)
        .finally(() => {
          cleanUp()
          process.exit(130)
        })
    })
  }

  try {
    await waitForHealth(server, base)
    if (options.varnish) {
      varnish = await startVarnish([options.port], { port: varnishPort })
      log(`Varnish (deploy/varnish/storefront.vcl) in front, on ${varnish.url}`)
    }
    const front = varnish?.url ?? base
    const productPath = `/product/${asin}`
    const product = await fetch(base + productPath)
    const productHtml = await product.text()
    let ceilingSource = productPath
    let ceilingHtml = productHtml
    if (product.status !== 200) {
      ceilingSource = '/'
      ceilingHtml = await (await fetch(`${base}/`)).text()
      notes.push(
        `${productPath} answered ${product.status}, not 200: the static ceiling serves the home page's HTML instead`,
      )
    }
    mkdirSync(path.dirname(ceilingFile), { recursive: true })
    writeFileSync(ceilingFile, ceilingHtml)

    const panelCookie = measuresAnalytics(options) ? await createAdminSession(data.databaseUrl, SESSION_SECRET) : null
    if (options.writes && catalogue) {
      const cookie = panelCookie ?? (await createAdminSession(data.databaseUrl, SESSION_SECRET))
      writeLoop = new AdminWriteLoop(front, data.databaseUrl, cookie, catalogue.ids)
      await writeLoop.open()
    }

    const serverPids = async () => ({
      server: processTree(server.child.pid!),
      postgres: await postgresPids(data.databaseUrl),
    })
    const groups = loadStates(options)
    const targets: Target[] = []
    const measurements: Measurement[] = []
    for (const [index, group] of groups.entries()) {
      if (group.prepare !== 'none') {
        log(`${PREPARATIONS[group.prepare]}…`)
        const seconds = await prepare(group.prepare, data.databaseUrl)
        preparedSeconds[group.prepare] = seconds
        log(`  done in ${seconds.toFixed(1)} s`)
        if (redisUrl) await clearRedisPrefix(redisUrl, 'bench')
      }
      // One ceiling for every state: the last group's.
      const rows = targetsFor(options, catalogue, slug, productPath, panelCookie)
        .filter((row) => row.path !== CEILING_PATH || index === groups.length - 1)
        .map((row) => (row.path === CEILING_PATH ? row : { ...row, name: `${row.name}${group.suffix}` }))
      targets.push(...rows)
      await warmServer(front, rows, options)
      for (const target of rows) {
        const busy = await waitForQuiet(options.maxWait)
        log(`Measuring ${target.name} (${target.path}): ${options.warmup} s warm-up, ${options.duration} s measured…`)
        const loop = target.underWrites ? writeLoop : undefined
        loop?.start()
        try {
          const at = target.direct ? base : front
          const saved = loop && (() => ({ ...loop.counts }))
          measurements.push(await measure(at, target, options, busy, serverPids, saved))
        } finally {
          await loop?.stop()
        }
        if (!server.running) throw new Error(`The server exited during the run:\n${server.tail()}`)
      }
    }
    if (preparedSeconds.vacuum !== undefined) {
      notes.push(
        `Rows "(after bulk load)": ${DATABASE_NAMES.copies} as one INSERT … SELECT and ANALYZE left it (no VACUUM); ` +
          `rows "(after VACUUM)": after VACUUM ANALYZE (${preparedSeconds.vacuum.toFixed(0)} s), the first rows' ` +
          'search counts dropped first, so the same terms were new again',
      )
    }
    const rewriteSeconds = preparedSeconds.rewrite
    const jobsVacuumSeconds = preparedSeconds['vacuum-as-the-jobs-do']
    if (rewriteSeconds !== undefined && jobsVacuumSeconds !== undefined) {
      notes.push(
        `Rows "(after a rewrite)": after one UPDATE of every product (${rewriteSeconds.toFixed(0)} s), as the ` +
          `nightly refresh rewrites them, no VACUUM; rows "(after the rewrite's vacuum)": after the vacuum the jobs ` +
          `run after such a write (db/vacuum.ts, ${jobsVacuumSeconds.toFixed(1)} s); search counts dropped before each`,
      )
    }
    const saves = writeLoop ? { ...writeLoop.counts, failures: writeLoop.failures } : undefined
    await writeLoop?.close()
    writeLoop = undefined

    const ceiling = measurements.find((m) => m.path === CEILING_PATH)
    if (ceiling && (ceiling.non2xx || ceiling.errors)) {
      notes.push('The static ceiling itself had failures: ratios are meaningless')
    }
    for (const m of measurements.filter((m) => m.goal !== null)) {
      const goal = m.goal!
      m.ratioToCeiling = ceiling ? (ceiling.reqPerSec ? m.reqPerSec / ceiling.reqPerSec : 0) : undefined
      const base = goal.ofRow ? measurements.find((other) => other.name === goal.ofRow) : ceiling
      const ratio = base ? (base.reqPerSec ? m.reqPerSec / base.reqPerSec : 0) : undefined
      if (ratio !== undefined)
        m.meetsTarget =
          m.non2xx === 0 &&
          m.errors === 0 &&
          ratio >= goal.minRatio &&
          m.latencyExactMs.p99 < goal.maxP99Ms &&
          (!m.saves || (m.saves.done > 0 && m.saves.failed === 0))
      if (m.non2xx) notes.push(`${m.name} (${m.path}) answered non-2xx ${m.non2xx} times: ${statusSummary(m)}`)
      if (m.errors) notes.push(`${m.name}: ${m.errors} connection errors (${m.timeouts} timeouts)`)
      const cold = targets.find((t) => t.name === m.name)?.next
      if (cold && m.pageCache.missShare !== null && m.pageCache.missShare < COLD_MISS_SHARE) {
        notes.push(`${m.name}: only ${percent(m.pageCache.missShare)} of the answers were page-cache misses`)
      }
      if (m.emptyResults && cold) {
        notes.push(`${m.name}: ${percent(m.requests ? m.emptyResults / m.requests : 0)} of the searches found nothing`)
      }
      if (m.saves) {
        notes.push(
          `${m.name}: ${m.saves.done} admin save${m.saves.done === 1 ? '' : 's'} done and ${m.saves.failed} ` +
            `failed during the measured run; ` +
            `${m.pageCache.miss} page-cache misses`,
        )
      }
    }
    if (saves?.failures.length) notes.push(`Admin saves failed: ${[...new Set(saves.failures)].join('; ')}`)
    const suspect = measurements.filter(disturbed)
    if (suspect.length) {
      const shares = suspect.map(
        (m) =>
          `${m.name}: ${percent(m.machineBusyBefore)} busy before, ` +
          `${m.otherCpuShare === null ? '?' : percent(m.otherCpuShare)} taken by others during`,
      )
      notes.push(
        `Other work was using the CPUs (${shares.join('; ')}): the rows marked * are unreliable; ` +
          'run again on a quiet machine',
      )
    }
    if (server.lines) notes.push(`The server logged ${server.lines} lines at LOG_LEVEL=warn; see serverLogTail`)

    const git = gitDescription()
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGiB: round(os.totalmem() / 2 ** 30, 1),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      postgres: postgresVersion,
      loadAverage: os.loadavg().map((load) => round(load, 2)),
    }
    const dataLine = data.reused
      ? `reused (checked in ${data.preparationSeconds.toFixed(1)} s)`
      : `generated in ${data.generationSeconds.toFixed(1)} s`
    const processes = `${options.webConcurrency} web process${options.webConcurrency === 1 ? '' : 'es'}`
    const setup =
      `${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s measured per row, ` +
      `${processes}${options.gzip ? ', gzip' : ''}; ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ` +
      `Postgres ${postgresVersion}`
    const markdown = table(measurements)
    const targetLine =
      'Targets: ratio to the static ceiling of the same run, and p99 (exact, ms), with only 2xx answers' +
      (options.writes ? ' (and every admin save done)' : '') +
      '. cache MISS: share of the answers the page cache did not hold. CPU ms/req: CPU time of the web ' +
      'processes + of Postgres per answer.'

    const output = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine,
      git,
      parameters: {
        ...options,
        pipelining: 1,
        database: options.database ?? DATABASE_NAMES[options.shape],
        productAsin: asin,
        categorySlug: slug,
        ceilingSource,
        ceilingBytes: Buffer.byteLength(ceilingHtml),
        goals: { cached: CACHED_GOAL, writes: WRITES_GOAL, cold: COLD_GOALS },
        ...(catalogue
          ? {
              catalogue: {
                visibleProducts: catalogue.asins.length,
                categories: catalogue.slugs.length,
                titleWords: catalogue.words.length,
                commonTerm: catalogue.commonTerm,
                rareTerm: catalogue.rareTerm,
              },
            }
          : {}),
      },
      data: {
        ...data,
        databaseUrl: undefined,
        rebuiltApp: rebuilt,
        vacuumSeconds: preparedSeconds.vacuum ?? null,
        preparedSeconds,
      },
      results: measurements,
      saves,
      markdown,
      notes,
      serverLogTail: server.output.slice(-20),
    }
    const resultsDir = path.join(root, 'bench/results')
    mkdirSync(resultsDir, { recursive: true })
    const file = path.join(resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`)
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`)

    console.log(`\n${options.products.toLocaleString('en-US')} products (${dataLine}); ${setup}\n`)
    console.log(markdown)
    console.log(`\n${targetLine}`)
    for (const note of notes) console.log(`Note: ${note}`)
    console.log(`\nWrote ${path.relative(root, file)}`)

    if (options.writeDoc) {
      const args = process.argv.slice(2).filter((arg) => arg !== '--write-doc')
      const when = startedAt.toISOString().slice(0, 16).replace('T', ' ')
      const heading = `${when} UTC — \`npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}\``
      const body = [
        `Commit ${git.commit.slice(0, 7)}${git.dirty ? ' (with uncommitted changes)' : ''}; ` +
          `${options.products.toLocaleString('en-US')} products, ${setup}. ` +
          `Written by \`--write-doc\` from ${path.relative(root, file)}.`,
        '',
        markdown,
        '',
        targetLine,
        ...(notes.length ? ['', ...notes.map((note) => `- ${note}`)] : []),
        '',
      ].join('\n')
      const summary = standardRun(options) ? (options.cold ? 'cold' : 'cached') : null
      console.log(`Added the table to ${writeDoc(startedAt, heading, body, summary).join(' and ')}`)
      if (!summary) console.log('Not a standard run (bench/README.md): docs/performance.md was left as it is')
    }
  } finally {
    await writeLoop?.close().catch(() => undefined)
    await varnish?.stop()
    await server.stop()
    cleanUp()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? `bench failed: ${error.message}` : error)
    process.exit(1)
  },
)
