import type pg from 'pg'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { metrics } from '#app/lib/metrics/registry.server.ts'
import { onPageDrops } from '#app/lib/page-drops.server.ts'
import { getRedis } from '#app/lib/redis.server.ts'

/**
 * Read-your-writes through replicas (decision 055). After a write that changes public pages commits, and
 * before those pages are dropped, `waitForReplicas` reads the primary's WAL position and waits, briefly, for
 * each replica to replay it. The position becomes the fence: a replica is read only once it is known to have
 * replayed the fence, so one that did not catch up in time is read around — by every process and host, as
 * they learn the fence from Redis at each request's first replica read — until a poll sees it replay that far.
 * Positions are bytes of WAL, as bigints (their decimal strings in Redis). Everything here runs on the pools
 * directly, never through Kysely: a wait is never routed to a replica, nor a poll to the primary.
 */

export interface ReplicaPool {
  /** The replica's address without credentials: its name in Redis, the same on every host. */
  name: string
  pool: pg.Pool
}

interface State {
  primary?: pg.Pool
  replicas: ReplicaPool[]
  /** What this process knows each replica has replayed; -1 for one that did not answer. */
  replayed: bigint[]
  /** What every read from a replica must have seen: the last write's position known to this process. */
  fence: bigint
  /** This process knows more than it could tell Redis. */
  untold: boolean
  polling?: NodeJS.Timeout
  turn: number
  /** Page drops this process has made or heard of: each one may come with a fence it has not learned yet. */
  drops: number
  listening: boolean
}

const GLOBAL = Symbol.for('comic-vault.replica-lag')
type Global = typeof globalThis & { [GLOBAL]?: State }
const state = ((globalThis as Global)[GLOBAL] ??= {
  replicas: [],
  replayed: [],
  fence: 0n,
  untold: false,
  turn: 0,
  drops: 0,
  listening: false,
})

// Flushed, not written: a commit (synchronous_commit on, the default) has flushed its record before it returns, and
// standbys get only flushed WAL; the written position runs up to wal_writer_delay (200 ms) ahead of it.
const PRIMARY_POSITION = `select (pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::text as at`
// A promoted replica (or a primary listed by mistake) has replayed all it has.
const REPLAYED_POSITION = `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end
  - '0/0'::pg_lsn)::text as at`
const POLL_MS = 2
const READMIT_POLL_MS = 250

// Raises each field to the value given when that is higher (decimal strings, compared as numbers), then
// answers the whole hash: what every host has learned.
const RAISE = `
local function higher(a, b) if #a ~= #b then return #a > #b end return a > b end
for i = 1, #ARGV, 2 do
  local old = redis.call('HGET', KEYS[1], ARGV[i])
  if not old or higher(ARGV[i + 1], old) then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return redis.call('HGETALL', KEYS[1])`

const key = () => `${getEnv().REDIS_PREFIX}:replicas`

/** Called once the pools exist. */
export function trackReplicas(primary: pg.Pool, replicas: ReplicaPool[]): void {
  Object.assign(state, { primary, replicas, replayed: replicas.map(() => 0n), fence: 0n, untold: false })
  if (state.listening) return
  state.listening = true
  // Another host's write is heard of as a drop after its fence is in Redis (it raises, then publishes).
  onPageDrops(() => (state.drops += 1))
}

/**
 * How many page drops this process has seen. A request chooses its replica again after a drop: a read it
 * makes after the drop (a kept read refilled, docs/decisions/032) must not come from a replica the write left behind.
 */
export function dropsSeen(): number {
  return state.drops
}

/** A replica that cannot be reached is read around until a poll finds it answering. */
export function replicaUnreachable(index: number): void {
  if (state.replayed[index] !== -1n)
    logger.warn({ replica: state.replicas[index]?.name }, 'replica unreachable; reading the primary')
  state.replayed[index] = -1n
  startPolling()
}

/**
 * The replica a request reads, by index, or undefined for the primary: one that has replayed the fence, in
 * turn. Without an answer from Redis, the fence other hosts may have raised is unknown: the primary.
 */
export async function chooseReplica(): Promise<number | undefined> {
  if (!(await learn())) return undefined
  const usable = usableReplicas()
  if (usable.length < state.replicas.length) startPolling()
  if (usable.length === 0) return undefined
  state.turn = (state.turn + 1) % usable.length
  return usable[state.turn]
}

/**
 * Waits until every replica in the pool has replayed what the primary has committed so far, at most
 * REPLICA_WAIT_MS; those that have not are out of the pool from now on, for every host, until they have. Never
 * throws: a committed write must not fail for a replica.
 */
export async function waitForReplicas(): Promise<void> {
  const { primary, replicas } = state
  if (!primary || replicas.length === 0) return
  const started = performance.now()
  const deadline = Date.now() + getEnv().REPLICA_WAIT_MS
  try {
    await learn()
    const known = state.fence
    // Read after what others published: a fence past it can only be another cluster's.
    const position = await readPosition(primary, PRIMARY_POSITION)
    if (known > position) warnAnotherCluster(known, position)
    const waiting = usableReplicas()
    await Promise.all(waiting.map((index) => waitFor(index, position, deadline)))
    if (position > state.fence) state.fence = position
    await tell()
    const lagging = waiting.filter((index) => state.replayed[index]! < position)
    const seconds = (performance.now() - started) / 1000
    metrics().replicaWait.observe({ outcome: lagging.length ? 'lagging' : 'caught_up' }, seconds)
    if (lagging.length) {
      startPolling()
      logger.warn(
        {
          replicas: lagging.map((index) => replicas[index]!.name),
          lsn: position.toString(),
          waitedMs: Math.round(seconds * 1000),
        },
        'replica lags behind a write; read around until it catches up',
      )
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not wait for the replicas after a write')
  }
}

/**
 * A fence past the primary's position is an earlier cluster's (a restore, a new primary): no replica reaches it,
 * and the public pages read the primary until the operator deletes it. Forgetting it here could forget a real
 * one raised meanwhile, and let a lagging replica back.
 */
function warnAnotherCluster(fence: bigint, position: bigint) {
  logger.warn(
    { fence: fence.toString(), lsn: position.toString(), key: key() },
    'replica fence is past the primary (restored or new primary?): public pages read the primary until the key is deleted',
  )
}

function usableReplicas(): number[] {
  return state.replicas.flatMap((_, index) => (state.replayed[index]! >= state.fence ? [index] : []))
}

async function waitFor(index: number, position: bigint, deadline: number): Promise<void> {
  const { pool } = state.replicas[index]!
  for (;;) {
    const left = deadline - Date.now()
    const replayed =
      left > 0 ? await withinMs(readPosition(pool, REPLAYED_POSITION), left).catch(() => undefined) : undefined
    if (replayed !== undefined && replayed > state.replayed[index]!) state.replayed[index] = replayed
    if (state.replayed[index]! >= position || Date.now() + POLL_MS > deadline) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Merges what other hosts learned into this process's view; false when Redis is configured but did not answer. */
async function learn(): Promise<boolean> {
  if (!getRedis()) return true
  if (state.untold) return tell()
  try {
    merge(await getRedis()!.hgetall(key()))
    return true
  } catch {
    return false
  }
}

/** Raises Redis's view to this process's and takes in the rest; false when Redis did not answer. */
async function tell(): Promise<boolean> {
  const redis = getRedis()
  if (!redis) return true
  const fields = ['fence', state.fence.toString()]
  state.replicas.forEach(({ name }, index) => {
    if (state.replayed[index]! > 0n) fields.push(`replica:${name}`, state.replayed[index]!.toString())
  })
  try {
    const all = (await redis.eval(RAISE, 1, key(), ...fields)) as string[]
    const hash: Record<string, string> = {}
    for (let i = 0; i < all.length; i += 2) hash[all[i]!] = all[i + 1]!
    merge(hash)
    state.untold = false
    return true
  } catch (error) {
    state.untold = true
    startPolling()
    logger.warn({ err: error }, 'replica positions not shared; reading the primary until Redis answers')
    return false
  }
}

function merge(hash: Record<string, string>) {
  const fence = BigInt(hash.fence ?? '0')
  if (fence > state.fence) state.fence = fence
  state.replicas.forEach(({ name }, index) => {
    const replayed = hash[`replica:${name}`]
    // A replica this process cannot reach stays out, whatever another host sees.
    if (replayed !== undefined && state.replayed[index] !== -1n && BigInt(replayed) > state.replayed[index]!) {
      state.replayed[index] = BigInt(replayed)
    }
  })
}

/** While a replica is out of the pool (or Redis is owed news), asks the ones out how far they have replayed. */
function startPolling() {
  if (state.polling) return
  state.polling = setInterval(() => void poll(), READMIT_POLL_MS)
  state.polling.unref()
}

let polling = false
async function poll() {
  if (polling) return
  polling = true
  try {
    const out = state.replicas.flatMap((_, index) =>
      state.replayed[index]! < state.fence || state.replayed[index] === -1n ? [index] : [],
    )
    await Promise.all(
      out.map(async (index) => {
        const replayed = await withinMs(readPosition(state.replicas[index]!.pool, REPLAYED_POSITION), 1_000).catch(
          () => undefined,
        )
        if (replayed !== undefined && replayed > state.replayed[index]!) state.replayed[index] = replayed
      }),
    )
    if (out.length || state.untold) await tell()
    const stillOut = usableReplicas().length < state.replicas.length
    if (!stillOut && !state.untold) {
      clearInterval(state.polling)
      state.polling = undefined
      if (out.length) logger.info({ lsn: state.fence.toString() }, 'replicas caught up; back in the pool')
    }
  } finally {
    polling = false
  }
}

// Through connect(), not pool.query(): client.ts wraps connect() in a form pool.query() cannot call.
async function readPosition(pool: pg.Pool, text: string): Promise<bigint> {
  const client = await pool.connect()
  try {
    const { rows } = await client.query<{ at: string }>(text)
    return BigInt(rows[0]!.at)
  } finally {
    client.release()
  }
}

function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** Stops the poll, at shutdown. */
export function stopTrackingReplicas(): void {
  clearInterval(state.polling)
  state.polling = undefined
}
