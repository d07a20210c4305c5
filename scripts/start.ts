import { execSync } from 'node:child_process'
import cluster from 'node:cluster'
import { existsSync } from 'node:fs'

// npm start: the production server, as one process or a cluster of them (scripts/cluster.ts).
if (cluster.isWorker) {
  // Forked by the primary below, which has built and migrated already.
  await import('../server.ts')
} else {
  process.env.NODE_ENV ??= 'production'
  // On a fresh clone there is no build yet, so make one first.
  if (!existsSync('build/server/index.js')) {
    console.log('No production build found: running `npm run build` first…')
    execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  }
  await import('./load-dotenv.ts')
  const { EnvError } = await import('#app/lib/env.server.ts')
  const { refuseToStart, startEntryPoint } = await import('./entry-point.ts')
  const { runWebProcesses, webProcessCount } = await import('./cluster.ts')
  const { env } = await startEntryPoint({ signs: true })
  let count = 1
  try {
    count = webProcessCount(env)
  } catch (error) {
    if (error instanceof EnvError) refuseToStart(error.message)
    throw error
  }
  if (count > 1) await runWebProcesses(count, env)
  else await import('../server.ts')
}
