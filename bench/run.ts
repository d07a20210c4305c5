import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { Redis } from 'ioredis'
import pg from 'pg'
import { prepareBenchDatabase, type PreparedData } from './data.ts'

// npm run bench: 100k products in a database of its own, the production server on it, autocannon against
// the public pages and against the product page's HTML as a static file (the ceiling). See bench/README.md.

const USAGE = `Usage: npm run bench -- [options]

  --fresh            drop and rebuild the cv_bench database even if it already holds the wanted data
  --duration <s>     measured seconds per page (default 10)
  --warmup <s>       warm-up seconds per page, not measured (default 3)
  --connections <n>  concurrent connections (default 10)
  --products <n>     products in the catalogue (default 100000)
  --port <n>         port of the server under test (default 3399)
  --gzip             send Accept-Encoding: gzip, as browsers do (default: no compression)
  --max-wait <s>     before each page, wait up to this long for other work on the machine to stop (default 30)
  --help             this text

Environment: DATABASE_URL names the Postgres server (default postgres://postgres@127.0.0.1:5432/postgres;
its database part is ignored), REDIS_URL the Redis (default redis://127.0.0.1:6379; empty for none).`

const TARGET_RATIO = 0.4
const TARGET_P99_MS = 25
const DATABASE_NAME = 'cv_bench'
const BUSY_THRESHOLD = 0.15
const CEILING_PATH = '/__bench/product.html'

const root = path.resolve(import.meta.dirname, '..')
const ceilingFile = path.join(root, 'build/client', CEILING_PATH)

interface Options {
  fresh: boolean
  duration: number
  warmup: number
  connections: number
  products: number
  port: number
  gzip: boolean
  maxWait: number
}

interface Target {
  name: string
  path: string
}

interface Measurement {
  name: string
  path: string
  reqPerSec: number
  latencyMs: { p50: number; p99: number; mean: number; max: number }
  /** Percentiles of the raw response times (autocannon's histogram keeps whole milliseconds). */
  latencyExactMs: { p50: number; p99: number }
  statusCodes: Record<string, number>
  non2xx: number
  errors: number
  timeouts: number
  requests: number
  bytesPerRequest: number
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
      fresh: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      products: { type: 'string', default: '100000' },
      port: { type: 'string', default: '3399' },
      gzip: { type: 'boolean', default: false },
      'max-wait': { type: 'string', default: '30' },
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
    fresh: values.fresh,
    duration: integer('duration', values.duration, 1),
    warmup: integer('warmup', values.warmup, 0),
    connections: integer('connections', values.connections, 1),
    products: integer('products', values.products, 100),
    port: integer('port', values.port, 1),
    gzip: values.gzip,
    maxWait: integer('max-wait', values['max-wait'], 0),
  }
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

class ServerProcess {
  readonly child: ChildProcess
  readonly output: string[] = []
  lines = 0
  exited: Promise<number | null>

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue
        this.lines++
        this.output.push(line)
        if (this.output.length > 50) this.output.shift()
      }
    }
    this.child.stdout?.on('data', collect)
    this.child.stderr?.on('data', collect)
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)))
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null
  }

  tail(): string {
    return this.output.map((line) => `  | ${line}`).join('\n')
  }

  async stop(): Promise<void> {
    if (!this.running) return
    this.child.kill('SIGTERM')
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000)
    await this.exited
    clearTimeout(timer)
  }
}

async function waitForHealth(server: ServerProcess, base: string): Promise<void> {
  const deadline = Date.now() + 90_000
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (!server.running) throw new Error(`The server exited before it was healthy:\n${server.tail()}`)
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) })
      if (response.status === 200) return
      last = `${response.status} ${await response.text()}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`/healthz did not answer 200 within 90 s (last: ${last}):\n${server.tail()}`)
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

/** Clock ticks of user and system time in a process's /proc stat (fields 14 and 15). */
function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
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

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

function cannon(options: autocannon.Options, samples?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve(result)))
    if (samples) instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime))
  })
}

async function measure(
  base: string,
  target: Target,
  options: Options,
  busy: number,
  pids: () => Promise<number[]>,
): Promise<Measurement> {
  const common: autocannon.Options = {
    url: base + target.path,
    connections: options.connections,
    pipelining: 1,
    headers: options.gzip ? { 'accept-encoding': 'gzip' } : {},
  }
  let warmupReqPerSec = 0
  if (options.warmup > 0) {
    warmupReqPerSec = (await cannon({ ...common, duration: options.warmup })).requests.average
  }
  const samples: number[] = []
  // After the warm-up the server's pool holds its connections, so their backends are the ones to count.
  const underTest = await pids()
  const ticksBefore = cpuTicks(underTest)
  const result = await cannon({ ...common, duration: options.duration }, samples)
  const ticksAfter = cpuTicks(underTest)
  samples.sort((a, b) => a - b)
  const statusCodes: Record<string, number> = {}
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stats.count ?? 0
  const requests = result.requests.total
  return {
    name: target.name,
    path: target.path,
    reqPerSec: result.requests.average,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
    latencyExactMs: { p50: round(percentile(samples, 50), 2), p99: round(percentile(samples, 99), 2) },
    statusCodes,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    requests,
    bytesPerRequest: requests ? Math.round(result.throughput.total / requests) : 0,
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

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function statusSummary(m: Measurement): string {
  const codes = Object.entries(m.statusCodes).sort(([a], [b]) => Number(a) - Number(b))
  const text = codes.length === 1 ? codes[0]![0] : codes.map(([code, count]) => `${code}×${count}`).join(' ')
  return m.errors ? `${text} err×${m.errors}` : text || 'none'
}

function table(rows: Measurement[]): string {
  const header = ['page', 'URL', 'status', 'req/s', 'p50 ms', 'p99 ms', 'ratio', 'meets target']
  const body = rows.map((m) => [
    disturbed(m) ? `${m.name} *` : m.name,
    m.path,
    statusSummary(m),
    m.reqPerSec.toFixed(0),
    String(m.latencyMs.p50),
    String(m.latencyMs.p99),
    m.ratioToCeiling === undefined ? '' : m.ratioToCeiling.toFixed(2),
    m.meetsTarget === undefined ? '(ceiling)' : m.meetsTarget ? 'yes' : 'NO',
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)))
  const numeric = new Set([3, 4, 5, 6])
  const format = (row: string[]) =>
    row.map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ')
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(format)].join('\n')
}

function gitDescription(): { commit: string; dirty: boolean } {
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' })
  const status = spawnSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' })
  return { commit: head.stdout?.trim() || 'unknown', dirty: Boolean(status.stdout?.trim()) }
}

async function main() {
  const options = parseOptions()
  const startedAt = new Date()
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  const base = `http://127.0.0.1:${options.port}`
  const notes: string[] = []

  await assertPortFree(options.port)
  const data: PreparedData = await prepareBenchDatabase({
    serverUrl,
    name: DATABASE_NAME,
    total: options.products,
    fresh: options.fresh,
    log,
  })
  const rebuilt = ensureBuild()
  if (redisUrl) {
    const removed = await clearRedisPrefix(redisUrl, 'bench')
    if (removed) log(`Cleared ${removed} Redis keys left under bench: by an earlier run`)
  }
  const { asin, slug, postgresVersion } = await pickTargets(data.databaseUrl)

  log(`Starting the production server on ${base}…`)
  const server = new ServerProcess({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: data.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    SESSION_SECRET: 'bench-session-secret-not-used-for-anything-real',
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: 'bench',
  })
  const cleanUp = () => {
    if (server.running) server.child.kill('SIGTERM')
    rmSync(path.dirname(ceilingFile), { recursive: true, force: true })
  }
  process.once('exit', cleanUp)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`\n${signal}: stopping the server`)
      cleanUp()
      process.exit(130)
    })
  }

  try {
    await waitForHealth(server, base)
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

    const targets: Target[] = [
      { name: 'home', path: '/' },
      { name: 'category', path: `/category/${slug}?sort=price-low` },
      { name: 'search', path: '/search?q=mylar' },
      { name: 'product', path: productPath },
      { name: 'static ceiling', path: CEILING_PATH },
    ]
    const measurements: Measurement[] = []
    for (const target of targets) {
      const busy = await waitForQuiet(options.maxWait)
      log(`Measuring ${target.name} (${target.path}): ${options.warmup} s warm-up, ${options.duration} s measured…`)
      measurements.push(
        await measure(base, target, options, busy, async () => [
          server.child.pid!,
          ...(await postgresPids(data.databaseUrl)),
        ]),
      )
      if (!server.running) throw new Error(`The server exited during the run:\n${server.tail()}`)
    }

    const ceiling = measurements.at(-1)!
    if (ceiling.non2xx || ceiling.errors) notes.push('The static ceiling itself had failures: ratios are meaningless')
    for (const m of measurements.slice(0, -1)) {
      m.ratioToCeiling = ceiling.reqPerSec ? m.reqPerSec / ceiling.reqPerSec : 0
      m.meetsTarget =
        m.non2xx === 0 && m.errors === 0 && m.ratioToCeiling >= TARGET_RATIO && m.latencyMs.p99 < TARGET_P99_MS
      if (m.non2xx) notes.push(`${m.name} (${m.path}) answered non-2xx ${m.non2xx} times: ${statusSummary(m)}`)
    }
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

    const output = {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGiB: round(os.totalmem() / 2 ** 30, 1),
        platform: `${os.platform()} ${os.release()}`,
        node: process.version,
        postgres: postgresVersion,
        /** Share of all CPU time spent busy in the 2 s before measuring, with the server idle. */
        loadAverage: os.loadavg().map((load) => round(load, 2)),
      },
      git: gitDescription(),
      parameters: {
        ...options,
        pipelining: 1,
        database: DATABASE_NAME,
        productAsin: asin,
        categorySlug: slug,
        ceilingSource,
        ceilingBytes: Buffer.byteLength(ceilingHtml),
        targets: { minRatioToCeiling: TARGET_RATIO, maxP99Ms: TARGET_P99_MS },
      },
      data: { ...data, databaseUrl: undefined, rebuiltApp: rebuilt },
      results: measurements,
      notes,
      serverLogTail: server.output.slice(-20),
    }
    const resultsDir = path.join(root, 'bench/results')
    mkdirSync(resultsDir, { recursive: true })
    const file = path.join(resultsDir, `${startedAt.toISOString().replaceAll(':', '-')}.json`)
    writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`)

    const dataLine = data.reused
      ? `reused (checked in ${data.preparationSeconds.toFixed(1)} s)`
      : `generated in ${data.generationSeconds.toFixed(1)} s`
    console.log(
      `\n${options.products.toLocaleString('en-US')} products (${dataLine}); ${options.connections} connections, ` +
        `${options.warmup} s warm-up + ${options.duration} s per page; ${os.cpus().length} CPUs, Node ${process.version}` +
        `${options.gzip ? '; gzip' : ''}\n`,
    )
    console.log(table(measurements))
    console.log(
      `\nTarget: every page >= ${TARGET_RATIO} of the ceiling's req/s and p99 < ${TARGET_P99_MS} ms, with only 2xx answers.`,
    )
    for (const note of notes) console.log(`Note: ${note}`)
    console.log(`\nWrote ${path.relative(root, file)}`)
  } finally {
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
