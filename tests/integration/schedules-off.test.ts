import { Queue } from 'bullmq'
import { expect, test } from 'vitest'
import { createRedisConnection } from '#app/lib/redis.server.ts'
import { jobQueues, queueNames } from '#jobs/names.ts'
import { enqueue, getQueue } from '#jobs/queues.ts'
import { startWorkers } from '#jobs/runtime.ts'
import { retiredSchedules, schedules } from '#jobs/schedules.ts'

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

test('a schedule an earlier release retired is removed, with its queue', async () => {
  const [retired] = retiredSchedules
  const queue = new Queue(retired.queue, {
    connection: createRedisConnection({ maxRetriesPerRequest: 1 }),
    prefix: process.env.REDIS_PREFIX,
  })
  try {
    await queue.upsertJobScheduler(retired.id, { pattern: '0 * * * *' }, { name: 'count-search-vocabulary' })
    await queue.add('count-search-vocabulary', {})
    expect(await queue.getJobSchedulers()).toHaveLength(1)

    const workers = startWorkers()
    try {
      await expect.poll(async () => (await queue.getJobSchedulers()).length, { timeout: 10_000 }).toBe(0)
      // Its queue is gone too: the job it had made, with no worker to read it, does not wait for ever.
      await expect.poll(() => queue.count(), { timeout: 10_000 }).toBe(0)
    } finally {
      await workers.close()
    }
  } finally {
    await queue.close()
  }
})
