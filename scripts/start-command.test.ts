import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { npmStartArguments } from './start-command.ts'

test('npm start runs the server under tsx with the young generation sized for pages (decision 070)', () => {
  const args = npmStartArguments()
  expect(args.slice(-3)).toEqual(['--import', 'tsx', 'scripts/start.ts'])
  expect(args).toContain('--max-semi-space-size=64')
})

test("the image's CMD is npm start's command, node run directly (a signal reaches it, not npm)", () => {
  const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1]
  expect(cmd && JSON.parse(cmd)).toEqual(['node', ...npmStartArguments()])
})
