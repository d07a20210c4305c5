import { afterEach, describe, expect, test, vi } from 'vitest'
import { logger } from '#app/lib/logger.server.ts'
import { nextRunAt, schedules, startScheduleTimers, type Schedule } from './schedules.ts'

// The schedules' times, and the in-process timers that fire them when there is no Redis (REFRESH_TZ is
// its default here, America/New_York).

describe('nextRunAt', () => {
  test.each([
    // Wednesday noon UTC → the next Monday 09:00 in New York (EDT, UTC-4).
    ['0 9 * * 1', 'America/New_York', '2026-06-03T12:00:00Z', '2026-06-08T13:00:00.000Z'],
    // In winter New York is UTC-5.
    ['0 9 * * 1', 'America/New_York', '2026-11-25T12:00:00Z', '2026-11-30T14:00:00.000Z'],
    // Exactly at a run: the next one, a week later.
    ['0 9 * * 1', 'America/New_York', '2026-06-08T13:00:00Z', '2026-06-15T13:00:00.000Z'],
    // Sunday 23:30 in New York is already Monday in UTC: still the coming Monday in New York.
    ['0 9 * * 1', 'America/New_York', '2026-06-08T03:30:00Z', '2026-06-08T13:00:00.000Z'],
    ['0 9 * * 1', 'Europe/Berlin', '2026-06-03T12:00:00Z', '2026-06-08T07:00:00.000Z'],
    ['15 3 * * *', 'America/New_York', '2026-06-03T12:00:00Z', '2026-06-04T07:15:00.000Z'],
    // The scheduled-guides sweep: the next five-minute mark, the same in every time zone.
    ['*/5 * * * *', 'America/New_York', '2026-06-03T12:03:30Z', '2026-06-03T12:05:00.000Z'],
    ['*/5 * * * *', 'America/New_York', '2026-06-03T12:05:00Z', '2026-06-03T12:10:00.000Z'],
    ['*/5 * * * *', 'Asia/Kolkata', '2026-06-03T23:58:00Z', '2026-06-04T00:00:00.000Z'],
  ])('%s in %s after %s is %s', (pattern, tz, after, expected) => {
    expect(nextRunAt(pattern, tz, new Date(after)).toISOString()).toBe(expected)
  })

  test.each([
    [
      'the digest is a schedule: Mondays at 09:00',
      { id: 'weekly-digest', pattern: '0 9 * * 1', job: 'send-digest', data: {} },
    ],
    [
      'the product refresh is a schedule: every day at 03:15',
      { id: 'nightly-refresh', pattern: '15 3 * * *', job: 'refresh-products', data: { trigger: 'schedule' } },
    ],
    [
      'the link-health e-mail is a schedule: every day at 07:00',
      { id: 'daily-link-health', pattern: '0 7 * * *', job: 'send-link-health', data: {} },
    ],
    [
      'scheduled guides are swept every five minutes, in case a delayed job was lost',
      { id: 'publish-due-guides', pattern: '*/5 * * * *', job: 'publish-guides', data: {} },
    ],
  ])('%s', (_title, schedule) => {
    expect(schedules).toContainEqual(schedule)
  })
})

describe('in-process schedule timers', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  test('fire at Monday 09:00 New York time, re-arm for the next week, and stop when closed', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-03T12:00:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const runs: Array<{ id: string; at: string }> = []
    // The digest's runs only: the nightly refresh fires every day in between.
    const timers = startScheduleTimers(async (schedule: Schedule) => {
      if (schedule.id === 'weekly-digest') runs.push({ id: schedule.id, at: new Date().toISOString() })
    })

    await vi.advanceTimersByTimeAsync(new Date('2026-06-08T13:00:00Z').getTime() - Date.now() - 1)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual([{ id: 'weekly-digest', at: '2026-06-08T13:00:00.000Z' }])

    await vi.advanceTimersByTimeAsync(7 * 24 * 3600 * 1000)
    expect(runs.map((run) => run.at)).toEqual(['2026-06-08T13:00:00.000Z', '2026-06-15T13:00:00.000Z'])

    timers.close()
    await vi.advanceTimersByTimeAsync(14 * 24 * 3600 * 1000)
    expect(runs).toHaveLength(2)
    // Twelve days of every schedule's timers, the five-minute guides sweep's ~3,500 among them: seconds on a busy machine.
  }, 30_000)

  test('the guides sweep fires on every five-minute mark', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-03T12:03:30Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const runs: string[] = []
    const timers = startScheduleTimers(async (schedule: Schedule) => {
      if (schedule.id === 'publish-due-guides') runs.push(new Date().toISOString())
    })
    await vi.advanceTimersByTimeAsync(90_000 - 1)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 10 * 60_000)
    expect(runs).toEqual(['2026-06-03T12:05:00.000Z', '2026-06-03T12:10:00.000Z', '2026-06-03T12:15:00.000Z'])
    timers.close()
  })

  test('a failing run is logged and the next one is still armed', async () => {
    vi.useFakeTimers({ now: new Date('2026-06-08T12:59:00Z'), toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    let calls = 0
    const timers = startScheduleTimers(async (schedule: Schedule) => {
      if (schedule.id !== 'weekly-digest') return
      calls++
      throw new Error('no database')
    })
    await vi.advanceTimersByTimeAsync(8 * 24 * 3600 * 1000)
    expect(calls).toBe(2)
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ schedule: 'weekly-digest' }), 'scheduled job failed')
    timers.close()
  })
})
