import { Link } from '#app/components/link.tsx'

/** A document editor's heading: the way back to its list, then the page's title. */
export function EditorHeading({ back, backLabel, title }: { back: string; backLabel: string; title: string }) {
  return (
    <>
      <p>
        <Link to={back} className="text-sm font-medium text-brand-700 underline">
          {backLabel}
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{title}</h1>
    </>
  )
}
