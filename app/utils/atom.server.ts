import { escapeXml } from './sitemap.server.ts'

// An Atom feed (RFC 4287) of the guides: what a feed reader shows, with each guide's own words and dates.

export interface FeedEntry {
  /** A permanent IRI: it stays when the guide's address changes, so a reader does not show it twice. */
  id: string
  title: string
  url: string
  summary: string
  published: Date
  updated: Date
}

export function atomFeed(feed: {
  id: string
  title: string
  subtitle: string
  /** The feed's own address, and the page it is the feed of. */
  self: string
  alternate: string
  author: { name: string; uri: string }
  entries: readonly FeedEntry[]
}): string {
  const updated = feed.entries.reduce((latest, entry) => Math.max(latest, entry.updated.getTime()), 0)
  const text = (tag: string, value: string) => `<${tag}>${escapeXml(value)}</${tag}>`
  const link = (rel: string, type: string, href: string) =>
    `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`
  const entries = feed.entries.map((entry) =>
    [
      '<entry>',
      text('id', entry.id),
      text('title', entry.title),
      link('alternate', 'text/html', entry.url),
      text('published', entry.published.toISOString()),
      text('updated', entry.updated.toISOString()),
      text('summary', entry.summary),
      '</entry>',
    ].join(''),
  )
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    text('id', feed.id),
    text('title', feed.title),
    text('subtitle', feed.subtitle),
    link('self', 'application/atom+xml', feed.self),
    link('alternate', 'text/html', feed.alternate),
    // A feed without entries still says when it last changed: never, as far as a reader can tell.
    text('updated', new Date(updated).toISOString()),
    `<author>${text('name', feed.author.name)}${text('uri', feed.author.uri)}</author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
