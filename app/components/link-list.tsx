import { Link } from '#app/components/link.tsx'

/** A list of links, each with its label (the side panel's menu, the footer's columns). */
export function LinkList({
  links,
  className,
  linkClassName,
}: {
  links: ReadonlyArray<{ to: string; label: string }>
  className: string
  linkClassName: string
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
