import type { SubmissionResult } from '@conform-to/react'
import { useEffect, useRef } from 'react'
import { DocumentBody } from '#app/components/document/document-body.tsx'
import { problemText, type DocumentView, type Problem } from '#app/utils/document-view.ts'

// The editors' preview (docs/decisions/052): what the form holds, drawn as visitors will see it, sent back by
// the editor's action when "Preview" was pressed.

export interface DocumentPreview {
  title: string
  eyebrow: string | null
  view: DocumentView
}

/** What the editor's action answers: Conform's reply, with the preview when "Preview" was pressed. */
export type EditorReply = SubmissionResult<string[]> & { preview?: DocumentPreview }

/** The text as visitors will see it, with what they will not see said in dashed boxes; focused when it comes. */
export function PreviewRegion({ preview }: { preview: DocumentPreview }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [preview])
  const problems = preview.view.problems ?? []
  const refusing = problems.filter((problem) => !problem.warning)
  const warnings = problems.filter((problem) => problem.warning)
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-lg border-2 border-dashed border-slate-400 bg-white p-6"
    >
      <h2 id="preview-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold">
        Preview
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Nothing is saved yet. Dashed boxes show what visitors will not see, and why.
      </p>
      <ProblemList heading="Fix these before saving:" problems={refusing} />
      <ProblemList heading="Check these; they do not stop a save:" problems={warnings} />
      <div className="mt-6 border-t border-slate-200 pt-6">
        {preview.eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{preview.eyebrow}</p>
        ) : null}
        <p className="text-3xl font-bold text-slate-900">{preview.title}</p>
        <DocumentBody document={preview.view} preview disclose />
      </div>
    </section>
  )
}

function ProblemList({ heading, problems }: { heading: string; problems: Problem[] }) {
  if (!problems.length) return null
  return (
    <div className="mt-4 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-semibold">{heading}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem, index) => (
          <li key={index}>{problemText(problem)}</li>
        ))}
      </ul>
    </div>
  )
}
