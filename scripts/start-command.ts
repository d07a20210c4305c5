import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * What `node` is given by `npm start` (package.json), for whatever must start the production server exactly as it
 * does: the bench, the tests of `npm start`, and the Dockerfile's CMD (start-command.test.ts keeps it equal). Its
 * V8 flags are part of how the server runs (docs/decisions/070).
 */
export function npmStartArguments(root = path.resolve(import.meta.dirname, '..')): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const [program, ...args] = scripts.start.trim().split(/\s+/)
  if (program !== 'node') throw new Error(`npm start runs ${program}, not node: ${scripts.start}`)
  return args
}
