import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { inlineScriptHashes, withScriptSources } from './content-security-policy.server.ts'

const source = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inlineScriptHashes', () => {
  test('hashes the raw text of every inline script, in document order, each once', () => {
    const context = 'window.__remixContext = {"url":"/"};'
    const entry = 'import "/assets/manifest.js";\nimport("/assets/entry.client.js");'
    const html =
      `<html><head><script>${context}</script></head><body><p>a &lt;script&gt; b</p>` +
      `<script type="module" async="">${entry}</script><script>${context}</script></body></html>`
    expect(inlineScriptHashes(html)).toEqual([source(context), source(entry)])
  })

  test('a script ends at the first </script, not at an escaped one or another end tag inside it', () => {
    const text = 'enqueue("<\\/script><script>x()<\\/script>\\u003c/script>", "</p>", "</scripts>");'
    expect(inlineScriptHashes(`<script>${text}</script ><p>after</p>`)).toEqual([source(text)])
    expect(inlineScriptHashes(`<SCRIPT>${text}</SCRIPT>`)).toEqual([source(text)])
    expect(inlineScriptHashes(`<script>${text}</script\n>`)).toEqual([source(text)])
  })

  test('leaves out data blocks and scripts from files; keeps every type a browser runs', () => {
    const html = [
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      "<script type='application/json'>{}</script>",
      '<script src="/assets/a.js"></script>',
      '<script data-type="x" data-src="y">one()</script>',
      '<script-list>not a script</script-list>',
      '<script type="text/javascript">two()</script>',
      '<script type=module>three()</script>',
      '<script type="">four()</script>',
      '<script title="a > b" type="importmap">{"imports":{}}</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual(
      ['one()', 'two()', 'three()', 'four()', '{"imports":{}}'].map((text) => source(text)),
    )
  })

  test('hashes the text as the parser hands it over: line breaks as LF, characters as UTF-8, empty too', () => {
    expect(inlineScriptHashes('<script>a();\r\nb();\rc();</script>')).toEqual([source('a();\nb();\nc();')])
    expect(inlineScriptHashes('<script>say("Ünïcødé – ✓")</script>')).toEqual([source('say("Ünïcødé – ✓")')])
    expect(inlineScriptHashes('<script></script>')).toEqual([source('')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
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
