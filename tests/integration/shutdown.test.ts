import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { describe, expect, test } from 'vitest'

// server.ts as an operator runs it: SIGTERM lets the request in flight finish, then the process exits cleanly.
describe('graceful shutdown', () => {
  test('finishes the request in flight, refuses new ones, exits 0', { timeout: 90_000 }, async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RUN_WORKER: 'true', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /running at http:\/\/localhost:(\d+)/.exec(output)
        if (match) resolve(Number(match[1]))
      })
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      server.on('exit', (code) => reject(new Error(`server exited early (${code}):\n${output}`)))
    })
    server.removeAllListeners('exit')

    // The first request in dev mode is slow (Vite compiles the app), so it is surely still in flight.
    const inFlight = fetch(`http://127.0.0.1:${port}/`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const exited = once(server, 'exit')
    server.kill('SIGTERM')

    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Protect Your Comic Collection')
    const [code] = await exited
    expect(code).toBe(0)
    expect(output).toMatch(/"msg":"stopped"/)
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  })
})
