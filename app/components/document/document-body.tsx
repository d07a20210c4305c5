import type { Element, ElementContent, Root, RootContent } from 'hast'
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime'
import { useMemo, type ComponentProps, type ReactNode } from 'react'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { TableScroller } from '#app/components/data-table.tsx'
import { PageContents, textLinkClass } from '#app/components/info-page.tsx'
import { Link } from '#app/components/link.tsx'
import { PRODUCT_EMBEDS } from '#app/schemas/embeds.ts'
import { unpackTree } from '#app/utils/document-tree.ts'
import { unpackEmbeds, type DocumentView, type ResolvedEmbed } from '#app/utils/document-view.ts'
import { Embed } from './embeds.tsx'

/**
 * A guide's or page's text, drawn as React elements from the tree the server parsed (docs/decisions/052): no
 * HTML string is ever set. Embeds are filled with what the loader resolved for them; one a visitor cannot see
 * draws nothing, except in the author's preview, which says why. The text before the first section is the
 * page's lead; each second-level heading opens a section; three or more of them get "On this page".
 */

export const DISCLOSURE = 'As an Amazon Associate I earn from qualifying purchases.'
const TOC_FROM = 3
const UPLOADED = /^(https?:\/\/[^/]+)?\/uploads\/[^/]/

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentProps<Tag> & { node?: unknown }

export function DocumentBody({
  document,
  preview = false,
  disclose = false,
}: {
  document: DocumentView
  preview?: boolean
  /** Guides: the affiliate disclosure, by itself, before the first embed that shows a product. */
  disclose?: boolean
}) {
  const { headings, pricesAsOf, problems = [] } = document
  const embeds = useMemo(() => unpackEmbeds(document.embeds), [document.embeds])
  const { children } = unpackTree(document.tree)
  const firstSection = children.findIndex(isHeading2)
  const lead = firstSection === -1 ? children : children.slice(0, firstSection)
  const rest = firstSection === -1 ? [] : children.slice(firstSection)
  const disclosureAt = disclose ? children.findIndex((node) => holdsProductEmbed(node, embeds)) : -1

  const components = {
    'x-embed': (props: Record<string, unknown>) => {
      const index = props['data-index']
      if (index !== undefined) {
        const embed = embeds[Number(index)]
        if (!embed) return null
        if (embed.name === 'missing')
          return preview ? <Hidden reason={embed.reason} inline={isInline(embed.of)} /> : null
        return (
          <Embed embed={embed} pricesAsOf={pricesAsOf}>
            {props.children as ReactNode}
          </Embed>
        )
      }
      const problem = problems[Number(props['data-problem'])]
      return preview && problem ? <Hidden reason={problem.message} inline={false} /> : null
    },
    a: ({ href = '', children: label, node: _node, ...rest }: Props<'a'>) =>
      href.startsWith('/') ? (
        <Link to={href} className={textLinkClass} {...rest}>
          {label}
        </Link>
      ) : (
        <a href={href} className={textLinkClass} rel="noopener" {...rest}>
          {label}
        </a>
      ),
    img: ({ src = '', alt = '', node: _node }: Props<'img'>) =>
      UPLOADED.test(src) ? (
        <img src={src} alt={alt} loading="lazy" className="my-6 h-auto max-w-full rounded-lg" />
      ) : null,
    table: ({ children: rows, node: _node }: Props<'table'>) => {
      const caption = captionIdOf(rows)
      const table = <table className="w-full min-w-[34rem] border-collapse bg-white text-left text-sm">{rows}</table>
      return caption ? (
        <TableScroller labelledBy={caption}>{table}</TableScroller>
      ) : (
        <div className="mt-4 overflow-x-auto">{table}</div>
      )
    },
  } as unknown as Components

  const draw = (nodes: Array<RootContent | ElementContent>, from: number) =>
    nodes.map((node, offset) => (
      <Fragment key={from + offset}>
        {from + offset === disclosureAt ? <p className="mt-6 text-sm italic text-slate-600">{DISCLOSURE}</p> : null}
        {toJsxRuntime({ type: 'root', children: [node] } as Root, { Fragment, jsx, jsxs, components })}
      </Fragment>
    ))

  return (
    <div className="document-body">
      {lead.length ? <div className="document-lead">{draw(lead, 0)}</div> : null}
      {headings.length >= TOC_FROM ? (
        <PageContents items={headings.map((heading) => ({ id: heading.id, label: heading.text }))} />
      ) : null}
      {sectionsOf(rest, lead.length).map(({ id, nodes, from }) => (
        <section key={from} id={id} aria-labelledby={`${id}-heading`}>
          {draw(nodes, from)}
        </section>
      ))}
    </div>
  )
}

/** An embed the author's preview shows as missing, with its reason. */
function Hidden({ reason, inline }: { reason: string; inline: boolean }) {
  const Tag = inline ? 'span' : 'p'
  return (
    <Tag
      className={`${inline ? 'inline' : 'my-4 block'} rounded border border-dashed border-amber-600 bg-amber-50 px-2 py-1 text-sm text-amber-900`}
    >
      Not shown to visitors: {reason}
    </Tag>
  )
}

const isInline = (name: string) => name === 'price' || name === 'buy' || name === 'site-name'

const isHeading2 = (node: RootContent | ElementContent): node is Element =>
  node.type === 'element' && node.tagName === 'h2'

/**
 * The top-level runs of the text that each start with a second-level heading. The section takes the heading's id,
 * so `#pricing` lands on all of it, and the heading becomes `pricing-heading`, which names the section.
 */
function sectionsOf(nodes: Array<RootContent | ElementContent>, offset: number) {
  const sections: Array<{ id: string; nodes: typeof nodes; from: number }> = []
  nodes.forEach((node, index) => {
    if (!isHeading2(node)) return sections.at(-1)?.nodes.push(node)
    const id = String(node.properties.id ?? '')
    const heading: Element = { ...node, properties: { ...node.properties, id: `${id}-heading` } }
    sections.push({ id, nodes: [heading], from: offset + index })
  })
  return sections
}

function holdsProductEmbed(node: RootContent | ElementContent, embeds: readonly ResolvedEmbed[]): boolean {
  if (node.type !== 'element') return false
  if (node.tagName === 'x-embed' && node.properties.dataIndex !== undefined) {
    const embed = embeds[Number(node.properties.dataIndex)]
    return embed !== undefined && PRODUCT_EMBEDS.has(embed.name === 'missing' ? embed.of : embed.name)
  }
  return node.children.some((child) => holdsProductEmbed(child, embeds))
}

/** The id of a table's caption, found among the children React was given for it. */
function captionIdOf(children: ReactNode): string | null {
  const items = Array.isArray(children) ? children : [children]
  for (const item of items) {
    const props = (item as { type?: unknown; props?: { id?: string } } | null)?.props
    if ((item as { type?: unknown } | null)?.type === 'caption' && props?.id) return props.id
  }
  return null
}
