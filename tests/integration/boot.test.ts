import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'

const run = promisify(execFile)

/** Runs an entry point with the given environment and returns how it ended. */
async function start(entry: string, env: Record<string, string>) {
  try {
    await run('npx', ['tsx', entry], { env: { ...process.env, ...env }, timeout: 30_000 })
    return { code: 0, output: '' }
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string }
    return { code, output: `${stdout}\n${stderr}` }
  }
}

describe('boot', () => {
  test('a malformed setting stops the server at once, naming the variable', async () => {
    const { code, output } = await start('server.ts', { PORT: 'eighty', REDIS_URL: 'http://wrong' })
    expect(code).toBe(1)
    expect(output).toContain('Invalid configuration:')
    expect(output).toContain('PORT: Expected number')
    expect(output).toContain('REDIS_URL: must start with redis:// or rediss://')
  })

  test('production refuses to start without SESSION_SECRET', async () => {
    const { code, output } = await start('server.ts', { NODE_ENV: 'production', SESSION_SECRET: '' })
    expect(code).toBe(1)
    expect(output).toContain('SESSION_SECRET: is required in production')
  })

  test('the standalone worker refuses to start without SESSION_SECRET in production', async () => {
    const { code, output } = await start('jobs/worker.ts', { NODE_ENV: 'production', SESSION_SECRET: '' })
    expect(code).toBe(1)
    expect(output).toContain('SESSION_SECRET: is required in production')
  })

  test('a migration and a seed need only DATABASE_URL, even in production', async () => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: '', LOG_LEVEL: 'info' }
    expect(await start('db/migrate.ts', env)).toEqual({ code: 0, output: '' })
    expect(await start('db/seed.ts', env)).toEqual({ code: 0, output: '' })
  })

  test('the standalone worker explains what it needs', async () => {
    const { code, output } = await start('jobs/worker.ts', { REDIS_URL: '', LOG_LEVEL: 'info' })
    expect(code).toBe(1)
    expect(output).toContain('npm run worker needs REDIS_URL and DATABASE_URL')
  })

  test('logs are readable lines in a terminal and JSON lines otherwise', async () => {
    const program = `import('#app/lib/logger.server.ts').then(({ logger }) => logger.info({ port: 3000 }, 'the shop is up'))`
    const node = `node --import tsx -e "${program}"`
    const env = { ...process.env, LOG_LEVEL: 'info' }
    // `script` gives the program a terminal, as a person running `npm start` has.
    const inTerminal = (await run('script', ['-qec', node, '/dev/null'], { env, timeout: 30_000 })).stdout
    expect(inTerminal).toMatch(/INFO.*the shop is up/)
    expect(inTerminal).toContain('port')
    expect(inTerminal).not.toContain('"level":30')
    const piped = (await run('sh', ['-c', node], { env, timeout: 30_000 })).stdout
    expect(JSON.parse(piped.trim())).toMatchObject({ level: 30, port: 3000, msg: 'the shop is up' })
  })
})
