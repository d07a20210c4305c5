import { expect, test } from 'vitest'
import { jsonLdScript } from './json-ld.ts'

test('jsonLdScript cannot close its script tag and parses back to the same data', () => {
  const data = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029' }
  const text = jsonLdScript(data)
  expect(text).not.toMatch(/[<>&\u2028\u2029]/)
  expect(JSON.parse(text)).toEqual(data)
})
