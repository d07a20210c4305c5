import { Queue } from 'bullmq'
import { CronExpressionParser } from 'cron-parser'
import { getEnv } from '#app/lib/env.server.ts'
import { logger } from '#app/lib/logger.server.ts'
import { createRedisConnection } from '#app/lib/redis.server.ts'
import { jobQueues, type JobData, type JobName } from './names.ts'
import { enqueue, getQueue } from './queues.ts'

export type Schedule = { [N in JobName]: { id: string; pattern: string; job: N; data: JobData<N> } }[JobName]

/** Every recurring job: a cron pattern read in REFRESH_TZ. */
export const schedules: Schedule[] = [
  { id: 'weekly-digest', pattern: '0 9 * * 1', job: 'send-digest', data: {} },
  { id: 'nightly-refresh', pattern: '15 3 * * *', job: 'refresh-products', data: { trigger: 'schedule' } },
  // After the 03:15 refresh has long finished, before the working day (docs/decisions/047).
  { id: 'daily-link-health', pattern: '0 7 * * *', job: 'send-link-health', data: {} },
  // Scheduled guides have a delayed job each; this catches one a restart or a lost Redis dropped (decision 052).
  { id: 'publish-due-guides', pattern: '*/5 * * * *', job: 'publish-guides', data: {} },
]

/**
 * Schedules of earlier releases, with their queues: a Redis that had them keeps firing them (an hourly job on a
 * queue no worker reads any more) until they are removed, and their queue with them. Issue 51 retired the
 * search's hourly vocabulary count.
 */
export const retiredSchedules = [{ queue: 'search', id: 'search-vocabulary' }] as const

async function removeRetired({ queue: name, id }: (typeof retiredSchedules)[number]): Promise<void> {
  const queue = new Queue(name, {
    connection: createRedisConnection({ maxRetriesPerRequest: 1 }),
    prefix: getEnv().REDIS_PREFIX,
  })
  try {
    if (await queue.removeJobScheduler(id)) await queue.obliterate({ force: true })
  } finally {
    await queue.close()
  }
}

/**
 * One BullMQ job scheduler per schedule, upserted by id: any number of web processes and workers
 * starting (and restarting) keep exactly one, and a changed pattern or time zone replaces the old one.
 * With RUN_SCHEDULES off, the same ids are removed instead, so turning them off holds on a Redis that had them.
 * Retired schedules are removed either way.
 */
export async function registerSchedules(): Promise<void> {
  const { REFRESH_TZ: tz, RUN_SCHEDULES } = getEnv()
  await Promise.all([
    ...retiredSchedules.map(removeRetired),
    ...schedules.map((schedule) => {
      const queue = getQueue(jobQueues[schedule.job])
      if (!RUN_SCHEDULES) return queue.removeJobScheduler(schedule.id)
      return queue.upsertJobScheduler(
        schedule.id,
        { pattern: schedule.pattern, tz },
        { name: schedule.job, data: schedule.data },
      )
    }),
  ])
}

/** Registers the schedules, trying again every minute while Redis is unreachable; the result stops trying. */
export function registerSchedulesUntilDone(): () => void {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const attempt = () => {
    registerSchedules().then(
      () =>
        logger.info(
          { schedules: schedules.map((schedule) => schedule.id) },
          getEnv().RUN_SCHEDULES ? 'schedules registered' : 'schedules removed (RUN_SCHEDULES=false)',
        ),
      (error: unknown) => {
        if (stopped) return
        logger.error({ err: error }, 'schedules not registered; retrying in a minute')
        timer = setTimeout(attempt, 60_000).unref()
      },
    )
  }
  attempt()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}

/** The first moment strictly after `after` that matches the pattern in the time zone. */
export function nextRunAt(pattern: string, tz: string, after: Date): Date {
  return CronExpressionParser.parse(pattern, { tz, currentDate: after }).next().toDate()
}

// setTimeout cannot wait longer than this; a later run is reached in several waits.
const MAX_WAIT_MS = 2 ** 31 - 1

/**
 * Without Redis: a timer per schedule in this process, re-armed after each run. Timers never keep the
 * process alive, and closing clears them.
 */
export function startScheduleTimers(
  run: (schedule: Schedule) => Promise<void> = (schedule) => enqueue(schedule.job, schedule.data),
): { close(): void } {
  const tz = getEnv().REFRESH_TZ
  const timers = new Map<string, NodeJS.Timeout>()
  const arm = (schedule: Schedule, after: Date) => {
    const at = nextRunAt(schedule.pattern, tz, after)
    const wait = at.getTime() - Date.now()
    const timer = setTimeout(
      () => {
        if (wait > MAX_WAIT_MS) return arm(schedule, after)
        run(schedule).catch((error: unknown) =>
          logger.error({ err: error, schedule: schedule.id }, 'scheduled job failed'),
        )
        // From the run's own time, so a timer that fires a little early cannot run the same slot twice.
        arm(schedule, new Date(Math.max(Date.now(), at.getTime())))
      },
      Math.min(Math.max(wait, 0), MAX_WAIT_MS),
    ).unref()
    timers.set(schedule.id, timer)
  }
  for (const schedule of schedules) arm(schedule, new Date())
  return {
    close() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
