import {
  Link as RemixLink,
  NavLink as RemixNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from '@remix-run/react'
import { createElement, forwardRef, type ReactNode, type Ref } from 'react'

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
  return plainAnchor(props, LINK_OWN, ref, { href: props.to, target: props.target, children: props.children })
})

/**
 * Remix's `<NavLink>`, made cheap the same way (five in every page's header, ~15 µs each): on the server, for a
 * plain path, it is active as React Router decides it — the address's path is the link's, or below it unless
 * `end`, ignoring case unless `caseSensitive` — and never pending or transitioning (nothing navigates on the
 * server). `link.test.tsx` keeps the two identical.
 */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation()
  if (!onServer || !isPlainPath(props)) return <RemixNavLink {...props} ref={ref} />
  const { to, caseSensitive, end, className, style, children } = props
  // Its path as the router compares it: without query and hash, percent-encoded, dot segments resolved.
  const toPath = new URL(to as string, 'http://localhost').pathname
  const toPathname = caseSensitive ? toPath : toPath.toLowerCase()
  const pathname = caseSensitive ? location.pathname : location.pathname.toLowerCase()
  const endSlashAt = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  const isActive =
    pathname === toPathname || (!end && pathname.startsWith(toPathname) && pathname.charAt(endSlashAt) === '/')
  const state = { isActive, isPending: false, isTransitioning: false }
  return plainAnchor(props, NAV_LINK_OWN, ref, {
    'aria-current': isActive ? (props['aria-current'] ?? 'page') : undefined,
    className:
      typeof className === 'function'
        ? className(state)
        : [className, isActive ? 'active' : null].filter(Boolean).join(' '),
    style: typeof style === 'function' ? style(state) : style,
    href: to,
    target: props.target,
    children: typeof children === 'function' ? children(state) : children,
  })
})

/** What Remix's `<Link>` reads itself, or writes in its own place, rather than passing on to its `<a>`. */
const LINK_OWN = new Set(['to', 'target', 'children', 'prefetch', 'replace', 'state', 'preventScrollReset'])
/** And what React Router's `<NavLink>` reads itself before that. */
const NAV_LINK_OWN = new Set([...LINK_OWN, 'aria-current', 'caseSensitive', 'className', 'end', 'style'])

/**
 * The `<a>` Remix's link writes: the props it passes on, then its own, in its order. Built by a loop rather than
 * a rest pattern, which V8 runs in its runtime: a quarter of the cost per link.
 */
function plainAnchor(props: object, own: Set<string>, ref: Ref<HTMLAnchorElement>, attributes: object) {
  const anchor: Record<string, unknown> = {}
  for (const key in props) if (!own.has(key)) anchor[key] = props[key as keyof typeof props]
  anchor.ref = ref
  anchor['data-discover'] = 'true'
  return createElement('a', Object.assign(anchor, attributes))
}

/**
 * An absolute path with nothing the router would rewrite ("?" or "#" alone, dot segments, doubled slashes) and no
 * option that changes the `<a>`.
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

/** A card's title as the link to what the card shows (a product boxed in a guide, a guide in the list). */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="underline decoration-slate-300 underline-offset-2 hover:decoration-slate-900">
      {children}
    </Link>
  )
}
