import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { builtServerEnv, createSeededDatabase } from '#tests/support/built-server.ts'
import { freePort } from '#tests/support/free-port.ts'
import { npmStartArguments } from '../../scripts/start-command.ts'

// `npm start` in production with WEB_CONCURRENCY=2 (its command read from package.json):
// a cluster primary with two web processes on one port, each able to answer alone, restarted when one dies, all
// stopped cleanly by one SIGTERM (docs/decisions/029).

const database = await createSeededDatabase(inject('templateDatabase'))

afterAll(async () => {
  await database.drop()
})

interface LogLine {
  msg: string
  slot?: number
  pid?: number
}

describe('npm start with WEB_CONCURRENCY=2', () => {
  test(
    'forks two web processes on one port, replaces one that dies, stops on SIGTERM',
    { timeout: 120_000 },
    async () => {
      const port = await freePort()
      const metricsPort = await freePort()
      const url = `http://127.0.0.1:${port}`
      const start = spawn(process.execPath, npmStartArguments(), {
        env: {
          ...process.env,
          ...builtServerEnv(database),
          NODE_ENV: 'production',
          PORT: String(port),
          HOST: '127.0.0.1',
          SITE_URL: url,
          WEB_CONCURRENCY: '2',
          METRICS_PORT: String(metricsPort),
          RUN_WORKER: 'true',
          LOG_LEVEL: 'info',
          SMTP_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      const exited = once(start, 'exit')

      const lines = () =>
        output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as LogLine)
      const listening = (slot: number) =>
        lines().filter((line) => line.msg === 'web process listening' && line.slot === slot)
      const until = async (condition: () => boolean, what: string) => {
        const deadline = Date.now() + 60_000
        while (!condition()) {
          if (start.exitCode !== null) throw new Error(`npm start exited (${start.exitCode}):\n${output}`)
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
      const home = async () => (await fetch(`${url}/`)).status

      try {
        await until(() => listening(1).length === 1 && listening(2).length === 1, 'two web processes')
        const [first, second] = [listening(1)[0]!.pid!, listening(2)[0]!.pid!]
        expect(first).not.toBe(second)
        expect(await home()).toBe(200)

        // The primary's metrics port adds up both processes: every one of these requests is counted once.
        for (let i = 0; i < 6; i++) expect(await home()).toBe(200)
        const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
        expect(scrape).toMatch(/^cv_http_request_duration_seconds_count\{route="\/",status="200"\} 7$/m)
        expect(scrape).toMatch(/^cv_job_queue_jobs\{queue="mail",state="waiting"\} \d+$/m)

        // With the first one dead, the second answers alone; then the other way round.
        process.kill(first, 'SIGKILL')
        await until(() => lines().some((line) => line.msg === 'web process died' && line.slot === 1), 'the death')
        expect(await home()).toBe(200)
        await until(() => listening(1).length === 2, 'the first to be replaced')
        const replacement = listening(1)[1]!.pid!
        expect(replacement).not.toBe(first)

        process.kill(second, 'SIGKILL')
        await until(() => lines().some((line) => line.msg === 'web process died' && line.slot === 2), 'the death')
        expect(await home()).toBe(200)
        await until(() => listening(2).length === 2, 'the second to be replaced')

        // Only web process 1 runs the job workers: once at start, once more when it was replaced.
        expect(lines().filter((line) => line.msg === 'workers started')).toHaveLength(2)
      } finally {
        start.kill('SIGTERM')
      }

      const [code] = await exited
      expect(code).toBe(0)
      expect(lines().filter((line) => line.msg === 'stopped')).toHaveLength(2)
      expect(output).toContain('all web processes stopped')
      await expect(fetch(`${url}/healthz`)).rejects.toThrow()
    },
  )
})
