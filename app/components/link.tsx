import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import { createElement, forwardRef } from 'react'

const onServer = typeof document === 'undefined'

/**
 * Remix's `<Link>`, made cheap where it does nothing: on the server a link is only its `<a>`, and for an
 * address that is already a plain absolute path Remix's resolution (three router hooks per link, each
 * rebuilding the route's path list: ~10 µs, 30–70 links a page) returns it unchanged. So the server writes
 * that `<a>` directly, with the attributes Remix's would have, and the browser hydrates it with Remix's own
 * `<Link>` (client navigation, prefetch). Anything else (relative paths, objects, `reloadDocument`,
 * `discover`) takes Remix's path everywhere. docs/decisions/035; `link.test.tsx` keeps the two identical.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (!onServer || !isPlainPath(props)) return <RemixLink {...props} ref={ref} />
  // Built by a loop rather than a rest pattern, which V8 runs in its runtime: a quarter of the cost per link.
  const anchor: Record<string, unknown> = {}
  for (const key in props) if (!ROUTER_ONLY.has(key)) anchor[key] = props[key as keyof LinkProps]
  anchor.ref = ref
  anchor['data-discover'] = 'true'
  anchor.href = props.to
  anchor.target = props.target
  anchor.children = props.children
  return createElement('a', anchor)
})

/** What Remix's `<Link>` reads itself, or writes in its own place, rather than passing on to its `<a>`. */
const ROUTER_ONLY = new Set(['to', 'target', 'children', 'prefetch', 'replace', 'state', 'preventScrollReset'])

/**
 * Remix's `<NavLink>`, made cheap the same way (five in every page's header, ~15 µs each): on the server, for a
 * plain path, it is active as React Router decides it — the address's path is the link's, or below it unless
 * `end`, ignoring case unless `caseSensitive` — and never pending or transitioning (nothing navigates on the
 * server). The `<a>` gets the attributes, in the order, that Remix's would; `link.test.tsx` keeps the two identical.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation()
  if (!onServer || !isPlainPath(props)) return <RemixNavLink {...props} ref={ref} />
  const to = props.to as string
  // Its path as the router compares it: without query and hash, percent-encoded, dot segments resolved.
  const toPath = new URL(to, 'http://localhost').pathname
  const toPathname = props.caseSensitive ? toPath : toPath.toLowerCase()
  const pathname = props.caseSensitive ? location.pathname : location.pathname.toLowerCase()
  const endSlashAt = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  const isActive =
    pathname === toPathname || (!props.end && pathname.startsWith(toPathname) && pathname.charAt(endSlashAt) === '/')
  const state = { isActive, isPending: false, isTransitioning: false }
  const { className, style, children } = props
  const anchor: Record<string, unknown> = {}
  for (const key in props)
    if (!ROUTER_ONLY.has(key) && !NAV_LINK_ONLY.has(key)) anchor[key] = props[key as keyof NavLinkProps]
  anchor.ref = ref
  anchor['data-discover'] = 'true'
  anchor['aria-current'] = isActive ? (props['aria-current'] ?? 'page') : undefined
  anchor.className =
    typeof className === 'function'
      ? className(state)
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ')
  anchor.style = typeof style === 'function' ? style(state) : style
  anchor.href = to
  anchor.target = props.target
  anchor.children = typeof children === 'function' ? children(state) : children
  return createElement('a', anchor)
})

/** What React Router's `<NavLink>` reads itself rather than passing on to its `<Link>`. */
const NAV_LINK_ONLY = new Set(['aria-current', 'caseSensitive', 'className', 'end', 'style'])

/**
 * An absolute path with nothing the router would rewrite ("?" or "#" alone, dot segments, doubled slashes) and no option that
 * changes the `<a>`.
 */
function isPlainPath({ to, reloadDocument, discover, relative, viewTransition }: LinkProps | NavLinkProps): boolean {
  return (
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.includes('//') &&
    !to.includes('/.') &&
    !/\?(#|$)|#$/.test(to) &&
    reloadDocument === undefined &&
    discover === undefined &&
    relative === undefined &&
    viewTransition === undefined
  )
}
