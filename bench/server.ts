import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { npmStartArguments } from '../scripts/start-command.ts'

// The server under test and the CPU it uses: shared by `npm run bench` (run.ts) and `npm run bench:ab` (ab.ts).

const root = path.resolve(import.meta.dirname, '..')

export const SESSION_SECRET = 'bench-session-secret-not-used-for-anything-real'

/** The environment the bench starts the production server with: no workers, warnings only, on 127.0.0.1. */
export function serverEnv(options: {
  databaseUrl: string
  port: number
  redisUrl: string
  redisPrefix: string
  webConcurrency: number
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${options.port}`,
    SESSION_SECRET,
    ENCRYPTION_KEY: 'bench-encryption-key-not-used-for-anything-real-0123456789',
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    WEB_CONCURRENCY: String(options.webConcurrency),
    // Nothing balances the bench's one host: it stops at once (docs/decisions/056).
    SHUTDOWN_DRAIN_MS: '0',
  }
}

/** The production server, started as `npm start` starts it, with its last output lines kept for errors. */
export class ServerProcess {
  readonly child: ChildProcess
  readonly output: string[] = []
  lines = 0
  exited: Promise<number | null>

  constructor(env: NodeJS.ProcessEnv, profileDir: string | null = null, cwd = root) {
    // As `npm start` starts it: with WEB_CONCURRENCY above 1, a node:cluster primary and that many web processes
    // (which inherit the profiler flags).
    const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
    this.child = spawn(process.execPath, [...profile, ...npmStartArguments(cwd)], {
      cwd,
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

export async function waitForHealth(server: ServerProcess, base: string): Promise<void> {
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

/** Clock ticks of user and system time in a process's /proc stat (fields 14 and 15). */
export function processTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
export const CLOCK_TICKS = 100

/** A process and all its descendants (the cluster primary and its web processes). Linux only. */
export function processTree(rootPid: number): number[] {
  if (!existsSync('/proc')) return [rootPid]
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)])
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [rootPid]
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []))
  return tree
}
