import { Link as RemixLink, type LinkProps } from '@remix-run/react'
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

/** An absolute path with nothing the router would rewrite ("?" or "#" alone) and no option that changes the `<a>`. */
function isPlainPath({ to, reloadDocument, discover, relative, viewTransition }: LinkProps): boolean {
  return (
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    !/\?(#|$)|#$/.test(to) &&
    reloadDocument === undefined &&
    discover === undefined &&
    relative === undefined &&
    viewTransition === undefined
  )
}
