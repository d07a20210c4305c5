import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP server on a free loopback port that keeps every message it receives, parsed. With a
 * `directory`, each message is also written there as an .eml file, for readers in other processes.
 */
export async function startSmtpSink({ directory, port = 0 }: { directory?: string; port?: number } = {}) {
  if (directory) mkdirSync(directory, { recursive: true })
  let received = 0
  const messages: ParsedMail[] = []
  const waiting: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        if (directory) writeFileSync(join(directory, `${Date.now()}-${++received}.eml`), raw)
        simpleParser(raw)
          .then((mail) => {
            messages.push(mail)
            waiting.splice(0).forEach((wake) => wake())
            callback()
          })
          .catch(callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.server.address() as { port: number }

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    /** Resolves with the first message to `to`, waiting for it to arrive if need be. */
    async waitFor(to: string, timeoutMs = 10_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages.find((m) => [m.to].flat().some((a) => a?.text.toLowerCase().includes(to.toLowerCase())))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          waiting.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
