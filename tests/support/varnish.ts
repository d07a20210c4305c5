import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './free-port.ts'

/**
 * A real varnishd (Debian's, with varnish-modules' xkey) on loopback, running the project's VCL
 * (deploy/varnish/storefront.vcl) in front of the app hosts on `appPorts`: the backends.vcl an operator would
 * write for them (probes on /healthz, the shard director `storefront`, loopback allowed to PURGE) is
 * generated into an instance directory of its own, removed at stop. For the built-server tests of
 * docs/decisions/054, one host or several.
 */
export interface Varnish {
  url: string
  port: number
  output(): string
  stop(): Promise<void>
  /** SIGTERM without waiting (a process on its way out); leaves the instance directory. */
  kill(): void
}

const VCL_DIR = path.resolve('deploy/varnish')

export function backendsVcl(appPorts: readonly number[]): string {
  const backends = appPorts.map(
    (port, index) => `backend app${index} {
    .host = "127.0.0.1";
    .port = "${port}";
    .connect_timeout = 1s;
    .first_byte_timeout = 30s;
    .probe = { .url = "/healthz"; .interval = 1s; .timeout = 1s; .window = 3; .threshold = 2; .initial = 2; }
}`,
  )
  const added = appPorts.map((_port, index) => `    storefront.add_backend(app${index});`)
  return `${backends.join('\n')}
acl purgers { "localhost"; }
sub vcl_init {
    new storefront = directors.shard();
${added.join('\n')}
    storefront.reconfigure();
}
`
}

/** `port`: where it listens, when the app must be told before it starts (HTTP_CACHE_PURGE_URLS). */
export async function startVarnish(appPorts: readonly number[], { port = 0 } = {}): Promise<Varnish> {
  const dir = mkdtempSync(path.join(tmpdir(), 'varnish-'))
  writeFileSync(path.join(dir, 'backends.vcl'), backendsVcl(appPorts))
  port ||= await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(
    'varnishd',
    [
      ...['-F', '-j', 'none', '-n', dir, '-a', `127.0.0.1:${port}`, '-T', '127.0.0.1:0', '-s', 'malloc,64m'],
      ...['-p', `vcl_path=${dir}:${VCL_DIR}`, '-f', path.join(VCL_DIR, 'storefront.vcl')],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
  // Up when it answers anything (a 503 while the probes have not yet run is an answer).
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    const answered = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    )
    if (answered) return { url, port, output: () => output, stop, kill: () => void child.kill('SIGTERM') }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`varnishd did not start:\n${output}`)
}
