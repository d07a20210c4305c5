import '../scripts/load-dotenv.ts'
import { closeOnSignal, refuseToStart, startEntryPoint } from '../scripts/entry-point.ts'

// npm run worker: the job workers alone, for deployments that run them apart from the web servers.

const { env } = await startEntryPoint({ service: 'worker', signs: true })
if (!env.REDIS_URL || !env.DATABASE_URL) {
  refuseToStart('npm run worker needs REDIS_URL and DATABASE_URL; without them `npm start` runs jobs in-process')
}
const { startWorkers } = await import('./runtime.ts')
const { checkConnectionBudget } = await import('#db/connection-budget.ts')
const { watchPageInvalidations } = await import('#app/lib/page-invalidation.server.ts')

await checkConnectionBudget(1)
const workers = startWorkers()
// The writes' news drops this process's reads kept until a write, the Amazon settings among them (decision 078).
const stopWatching = await watchPageInvalidations()
closeOnSignal(async () => {
  await stopWatching()
  await workers.close()
})
