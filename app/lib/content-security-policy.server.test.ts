import { createHash } from 'node:crypto'
import type { EntryContext } from '@remix-run/node'
import { describe, expect, test } from 'vitest'
import { collectInlineScripts, scriptHashes, withScriptSources } from './content-security-policy.server.ts'

const source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('collectInlineScripts', () => {
  test("hands back the list it puts in the render's meta, where Remix's patched components add to it", () => {
    const context = { renderMeta: { didRenderScripts: false } } as unknown as EntryContext
    const texts = collectInlineScripts(context)
    expect(texts).toEqual([])
    expect(context.renderMeta).toEqual({ didRenderScripts: false, inlineScripts: texts })
  })

  test('refuses a context with no render meta, where nothing would be collected', () => {
    expect(() => collectInlineScripts({} as EntryContext)).toThrow(/No renderMeta/)
  })
})

describe('scriptHashes', () => {
  test('hashes each distinct text once, in order', () => {
    expect(scriptHashes(['a()', 'b()', 'a()'])).toEqual([source('a()'), source('b()')])
    expect(scriptHashes([])).toEqual([])
  })

  test('hashes the text as the parser hands it over: line breaks as LF, characters as UTF-8, empty too', () => {
    expect(scriptHashes(['a();\r\nb();\rc();'])).toEqual([source('a();\nb();\nc();')])
    expect(scriptHashes(['say("Ünïcødé – ✓")'])).toEqual([source('say("Ünïcødé – ✓")')])
    expect(scriptHashes([''])).toEqual([source('')])
  })
})

describe('withScriptSources', () => {
  const policy = "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self'"

  test('adds the sources to script-src and to nothing else', () => {
    expect(withScriptSources(policy, ["'sha256-a'", "'sha256-b'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-a' 'sha256-b';script-src-attr 'none';style-src 'self'",
    )
  })

  test('leaves a policy as it is with nothing to add, and refuses one without script-src', () => {
    expect(withScriptSources(policy, [])).toBe(policy)
    expect(() => withScriptSources("default-src 'self'", ["'sha256-a'"])).toThrow(/No script-src/)
  })
})
