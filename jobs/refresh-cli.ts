import '../scripts/load-dotenv.ts'
import { refuseToStart, runOnce, startEntryPoint } from '../scripts/entry-point.ts'

// npm run refresh: the nightly product refresh, now, in this process (it goes on with a run that died
// part-way). Its result is written to data_refresh_log like a scheduled run's.

const { env } = await startEntryPoint({ service: 'refresh', signs: false })
if (!env.DATABASE_URL) {
  refuseToStart(
    'npm run refresh needs DATABASE_URL. The embedded database belongs to the running app (npm start), which refreshes on its schedule.',
  )
}
const { db } = await import('#db/client.ts')
const { refreshProducts } = await import('./refresh-products.ts')

await runOnce('refresh', async () => {
  const outcome = await refreshProducts(db)
  console.log(`Refresh ${outcome.status}: ${outcome.message}`)
  return outcome.status !== 'failed'
})
