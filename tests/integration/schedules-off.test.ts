import { expect, test } from 'vitest'
import { jobQueues, queueNames } from '#jobs/names.ts'
import { enqueue, getQueue } from '#jobs/queues.ts'
import { startWorkers } from '#jobs/runtime.ts'
import { schedules } from '#jobs/schedules.ts'

// RUN_SCHEDULES=false (a staging copy, the e2e suite): read when the workers start, after this line.
process.env.RUN_SCHEDULES = 'false'

const schedulerKeys = async () =>
  (await Promise.all(queueNames.map((name) => getQueue(name).getJobSchedulers())))
    .flat()
    .map((scheduler) => scheduler.key)

test('workers started with RUN_SCHEDULES off remove the recurring jobs an earlier start left, and run the jobs asked for', async () => {
  // What a start with schedules on left in this Redis.
  for (const schedule of schedules) {
    await getQueue(jobQueues[schedule.job]).upsertJobScheduler(
      schedule.id,
      { pattern: schedule.pattern },
      { name: schedule.job },
    )
  }
  expect(await schedulerKeys()).toHaveLength(schedules.length)

  const workers = startWorkers()
  try {
    await expect.poll(schedulerKeys, { timeout: 10_000 }).toEqual([])
    await enqueue('publish-guides', {})
    await expect
      .poll(async () => (await getQueue('content').getJobCounts('completed')).completed, { timeout: 10_000 })
      .toBe(1)
  } finally {
    await workers.close()
  }
})
