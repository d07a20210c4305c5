import { afterEach, expect, test, vi } from 'vitest'
import { startWorkers } from './runtime.ts'

// Read when the workers start, after this: no Redis, so schedules would be timers in this process.
delete process.env.REDIS_URL
process.env.RUN_SCHEDULES = 'false'

afterEach(() => vi.useRealTimers())

test('without Redis and with RUN_SCHEDULES off, starting the workers arms no schedule timer', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  const workers = startWorkers()
  expect(vi.getTimerCount()).toBe(0)
  await workers.close()
})
