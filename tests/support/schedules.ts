import { expect } from 'vitest'
import type { QueueName } from '#jobs/names.ts'

/**
 * Starts the workers `starts` more times and checks the queue still holds exactly one repeatable job, the one
 * expected, next due when its cron pattern says. Loads the job modules when called, after the test file has
 * pointed the app at its services.
 */
export async function expectOneSchedule(
  queue: QueueName,
  expected: { key: string; name: string; pattern: string; tz: string },
  starts: number,
): Promise<void> {
  const { startWorkers } = await import('#jobs/runtime.ts')
  const { getQueue } = await import('#jobs/queues.ts')
  const { nextRunAt } = await import('#jobs/schedules.ts')
  const started = Array.from({ length: starts }, () => startWorkers())
  try {
    const read = () => getQueue(queue).getJobSchedulers()
    await expect.poll(async () => (await read()).length, { timeout: 10_000 }).toBe(1)
    // Let every start's registration land before counting again.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const schedulers = await read()
    expect(schedulers).toHaveLength(1)
    expect(schedulers[0]).toMatchObject(expected)
    expect(schedulers[0]!.next).toBe(nextRunAt(expected.pattern, expected.tz, new Date()).getTime())
  } finally {
    await Promise.all(started.map((workers) => workers.close()))
  }
}
