import { sql } from 'kysely'
import { getRedis } from '#app/lib/redis.server.ts'
import { db } from '#db/client.ts'

// For load balancers and compose health checks: 200 when every configured dependency answers, else 503.

type Check = 'ok' | 'down' | 'not configured'

async function check(probe: () => Promise<unknown>): Promise<Check> {
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
    ])
    return 'ok'
  } catch {
    return 'down'
  }
}

export async function loader() {
  const redis = getRedis()
  const [database, redisStatus] = await Promise.all([
    check(() => sql`SELECT 1`.execute(db)),
    redis ? check(() => redis.ping()) : Promise.resolve<Check>('not configured'),
  ])
  const healthy = database === 'ok' && redisStatus !== 'down'
  return Response.json(
    { status: healthy ? 'ok' : 'unavailable', database, redis: redisStatus },
    { status: healthy ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
