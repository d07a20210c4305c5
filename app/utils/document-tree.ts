import type { ElementContent, Properties, Root, RootContent } from 'hast'
import { RecentMap } from './recent-map.ts'

/**
 * A document's tree as it travels with the page's data (docs/decisions/064): one JSON string, made once per text
 * with its parse. The page's data then carries one string where it carried an object per node, each of which the
 * serializer walked on every request. An element is `[tag, properties?, ...children]` (no properties when there
 * are none) and a text is its string.
 */

type PackedNode = string | PackedElement
interface PackedElement extends Array<string | Properties | PackedNode> {
  0: string
}

export function packTree(root: Root): string {
  return JSON.stringify(root.children.flatMap(packNode))
}

// The sanitizer leaves elements and texts only (no comments, no doctype).
function packNode(node: RootContent | ElementContent): PackedNode[] {
  if (node.type === 'text') return [node.value]
  if (node.type !== 'element') return []
  const children = node.children.flatMap(packNode)
  return Object.keys(node.properties).length
    ? [[node.tagName, node.properties, ...children]]
    : [[node.tagName, ...children]]
}

// The trees of the texts drawn lately, by their packed string: a page redrawn (by the server, or by a browser
// going back) unpacks nothing. The components draw from a tree without changing it.
const unpacked = new RecentMap<string, Root>(50)

export function unpackTree(packed: string): Root {
  return unpacked.remember(packed, () => ({
    type: 'root',
    children: (JSON.parse(packed) as PackedNode[]).map(unpackNode),
  }))
}

function unpackNode(node: PackedNode): ElementContent {
  if (typeof node === 'string') return { type: 'text', value: node }
  const [tagName, ...rest] = node
  const first = rest[0]
  const hasProperties = typeof first === 'object' && !Array.isArray(first)
  const children = (hasProperties ? rest.slice(1) : rest) as PackedNode[]
  return {
    type: 'element',
    tagName,
    properties: hasProperties ? first : {},
    children: children.map(unpackNode),
  }
}
