import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The W3C Nu HTML checker (npm's vnu-jar) run on documents the tests fetched: once for all of them, since
// starting the JVM is what takes the time. Needs `java` (17+) on the PATH; .ci/run installs it when missing.

const vnuJar = String(createRequire(import.meta.url)('vnu-jar'))

export interface NuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  message: string
  extract?: string
  firstLine?: number
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
}

/**
 * Writes each document to `directory` and checks them all; answers, for each document by name, the errors
 * the checker found (warnings and infos are left out). A checker that cannot run throws.
 */
export function nuErrors(directory: string, documents: ReadonlyArray<{ name: string; html: string }>) {
  mkdirSync(directory, { recursive: true })
  const files = documents.map((document, index) => {
    const file = join(directory, `${String(index).padStart(3, '0')}.html`)
    writeFileSync(file, document.html)
    return { ...document, file }
  })
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files.map((f) => f.file)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.error) throw new Error(`the Nu HTML checker did not start (is Java installed?): ${run.error.message}`)
  let messages: NuMessage[]
  try {
    messages = (JSON.parse(run.stdout) as { messages: NuMessage[] }).messages
  } catch {
    throw new Error(`the Nu HTML checker answered no JSON (exit ${run.status}):\n${run.stdout}\n${run.stderr}`)
  }
  // The checker names each document by a file: URL of its own spelling ("file:/tmp/…").
  const fileOf = (message: NuMessage) => (message.url ? fileURLToPath(message.url) : undefined)
  const unknown = messages.filter((m) => m.type === 'non-document-error' || !files.some((f) => f.file === fileOf(m)))
  if (unknown.length) throw new Error(`the Nu HTML checker failed: ${JSON.stringify(unknown)}`)
  return files.map((file) => ({
    name: file.name,
    errors: messages.filter((m) => m.type === 'error' && fileOf(m) === file.file),
  }))
}

/** "name: line 12: message «extract»", one line per error, for a failure message. */
export function describeNuErrors(results: ReturnType<typeof nuErrors>): string[] {
  return results.flatMap(({ name, errors }) =>
    errors.map(
      (error) =>
        `${name}: line ${error.lastLine ?? '?'}: ${error.message}${error.extract ? ` «${error.extract.trim().slice(0, 120)}»` : ''}`,
    ),
  )
}
