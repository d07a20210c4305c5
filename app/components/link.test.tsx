import { Link as RemixLink, NavLink as RemixNavLink, type LinkProps, type NavLinkProps } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { Link, NavLink } from './link.tsx'

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
  ['dot segments', { to: '/guides/../fit', children: 'fit' }],
  ['a doubled slash', { to: '/guides//fit', children: 'fit' }],
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

const navLinkCases: Array<[string, NavLinkProps, string]> = [
  ['active: the same path', { to: '/about', className: 'x', children: 'About' }, '/about'],
  ['active: below it', { to: '/about', className: 'x', children: 'About' }, '/about/team'],
  ['active: another case', { to: '/about', children: 'About' }, '/About'],
  ['inactive: a longer name', { to: '/about', children: 'About' }, '/aboutus'],
  ['inactive: below it with end', { to: '/about', end: true, children: 'About' }, '/about/team'],
  ['inactive: another case, case-sensitive', { to: '/about', caseSensitive: true, children: 'A' }, '/About'],
  ['the root, elsewhere', { to: '/', className: 'home', children: 'Home' }, '/about'],
  ['the root, there', { to: '/', children: 'Home' }, '/'],
  ['a trailing slash', { to: '/guides/', children: 'Guides' }, '/guides/bags'],
  ['an empty class', { to: '/fit', className: '', children: 'Fit' }, '/fit'],
  [
    'functions for class, style and children',
    {
      to: '/fit',
      className: ({ isActive }) => `link ${isActive ? 'on' : ''}`,
      style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
      children: ({ isActive }) => (isActive ? 'Here' : 'There'),
    },
    '/fit',
  ],
  [
    'aria-current and a new tab',
    { to: '/faq', 'aria-current': 'location', target: '_blank', rel: 'noopener', children: 'F' },
    '/faq',
  ],
  ['a query', { to: '/search?q=bags', children: 'Bags' }, '/search'],
  ['a query, elsewhere', { to: '/search?q=bags#top', children: 'Bags' }, '/searching'],
  ['a space and an accent', { to: '/guides/mylar sleeves/é', children: 'G' }, '/guides/mylar%20sleeves/%C3%A9'],
  ['dot segments', { to: '/guides/../fit', children: 'Fit' }, '/fit'],
  ['a doubled slash', { to: '/guides//fit', children: 'Fit' }, '/guides//fit'],
  ['a relative path', { to: 'team', children: 'Team' }, '/about'],
]

describe('NavLink on the server', () => {
  it.each(navLinkCases)('writes what Remix’s <NavLink> writes: %s', (_name, props, at) => {
    expect(html(<NavLink {...props} />, at)).toBe(html(<RemixNavLink {...props} />, at))
  })
})
