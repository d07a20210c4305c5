import type { ReactNode } from 'react'
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

/**
 * A saved document's editor heading: EditorHeading, `children` (where the document is, how it stands), and for a
 * role that may not edit, that it can read the {noun} but not change it.
 */
export function SavedEditorHeading({
  back,
  backLabel,
  title,
  noun,
  canWrite,
  children,
}: Parameters<typeof EditorHeading>[0] & { noun: string; canWrite: boolean; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <EditorHeading back={back} backLabel={backLabel} title={title} />
      {children}
      {canWrite ? null : <p className="text-slate-700">{`Your role can read this ${noun} but not change it.`}</p>}
    </div>
  )
}
