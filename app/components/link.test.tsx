import { Link as RemixLink, type LinkProps } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { Link } from './link.tsx'

// What the server writes for our <Link> must be exactly what Remix's writes, or hydration would differ.
function html(element: React.ReactElement, at = '/category/mylar-sleeves?sort=newest') {
  return renderToString(<StaticRouter location={at}>{element}</StaticRouter>)
}

const cases: Array<[string, LinkProps]> = [
  ['a plain path', { to: '/about', children: 'About' }],
  ['a query and a hash', { to: '/search?q=BCW&page=2#results', children: 'BCW' }],
  ['an encoded query', { to: '/search?q=golden%20age%20%26%20silver', children: 'x' }],
  [
    'class, label and prefetch',
    { to: '/product/B073TEQUFH', className: 'group', 'aria-label': 'A', prefetch: 'intent', children: <span>t</span> },
  ],
  ['a new tab', { to: '/reviews/B073TEQUFH', target: '_blank', rel: 'noopener', children: 'r' }],
  [
    'replace and state',
    { to: '/admin/products?tab=import', replace: true, state: { from: 1 }, preventScrollReset: true, children: 'i' },
  ],
  ['a relative path', { to: '../about', children: 'up' }],
  ['a dot path', { to: '.', children: 'here' }],
  ['an empty query', { to: '/search?', children: 'q' }],
  ['an empty hash', { to: '/about#', children: 'h' }],
  ['an object', { to: { pathname: '/search', search: '?q=mylar' }, children: 'o' }],
  ['an absolute URL', { to: 'https://example.com/x', children: 'out' }],
  ['a protocol-relative URL', { to: '//example.com/x', children: 'out' }],
  ['reloadDocument', { to: '/admin', reloadDocument: true, children: 'panel' }],
  ['discover none', { to: '/faq', discover: 'none', children: 'faq' }],
]

describe('Link on the server', () => {
  it.each(cases)('writes what Remix’s <Link> writes: %s', (_name, props) => {
    expect(html(<Link {...props} />)).toBe(html(<RemixLink {...props} />))
  })

  it('writes the same under a route with a trailing slash', () => {
    const props = { to: '/about', children: 'About' }
    expect(html(<Link {...props} />, '/faq/')).toBe(html(<RemixLink {...props} />, '/faq/'))
  })
})
