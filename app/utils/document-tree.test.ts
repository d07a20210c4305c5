import { describe, expect, test } from 'vitest'
import { parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { packTree, unpackTree } from './document-tree.ts'

// A document's tree travels packed (docs/decisions/064): what the browser unpacks is the tree the server parsed.

const TEXT = `Intro with **bold**, _emphasis_, \`code\`, a [link](/guides) and :price{asin="B000000001"}.

## Sleeves {#sleeves}

::product{asin="B000000001"}

- one
- two with :buy[Check the price]{asin="B000000002"}

1. first
2. second

> A quote, "quoted".

Table: Sizes compared

| Size | Fits |
| ---- | ---- |
| Golden | 7 3/4 in |

![A sleeve](/uploads/sleeve.png)

::nonsense{asin="x"}
`

describe('packTree and unpackTree', () => {
  test('a tree survives the trip whole: elements, properties, texts, embeds and problems', () => {
    const parsed = parseMarkdown(TEXT)
    expect(parsed.problems.length).toBeGreaterThan(0) // the unknown directive's placeholder travels too
    expect(unpackTree(packTree(parsed.tree))).toEqual(parsed.tree)
    expect(JSON.parse(parsed.packedTree)).toEqual(JSON.parse(packTree(parsed.tree)))
  })

  test('an element without properties carries none, and a text that looks like JSON stays text', () => {
    const tree = parseMarkdown('A paragraph: {"id": 1} and [1, 2].').tree
    const packed = packTree(tree)
    expect(JSON.parse(packed)).toEqual([['p', 'A paragraph: {"id": 1} and [1, 2].']])
    expect(unpackTree(packed)).toEqual(tree)
  })

  test('the same packed text unpacks once', () => {
    const packed = packTree(parseMarkdown('Once.').tree)
    expect(unpackTree(packed)).toBe(unpackTree(packed))
  })

  test('an empty text is an empty tree', () => {
    expect(unpackTree(packTree(parseMarkdown('').tree))).toEqual({ type: 'root', children: [] })
  })
})
