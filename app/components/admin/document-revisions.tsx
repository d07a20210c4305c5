import type { SubmissionResult } from '@conform-to/react'
import { Form, useActionData } from '@remix-run/react'
import { firstErrorOf, FormErrors, intentOf, useIsPending } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { can } from '#app/lib/permissions.ts'
import { AdminTable } from './admin-table.tsx'
import { rowButton } from './styles.ts'
import { usePanelUser } from './use-panel-user.ts'

// A guide's or page's revisions (docs/decisions/052): who saved each and when, what changed since one of them
// ("Compare with current", a GET of ?diff=N) and "Restore this revision", which saves its words as a new revision.

export interface EditorRevision {
  revision: number
  author: string | null
  savedAt: string
}

export type DiffRow = { kind: 'added' | 'removed' | 'same'; text: string } | { kind: 'folded'; count: number }

/** What changed since a revision (app/lib/content/revision-diff.server.ts). */
export interface RevisionChanges {
  rows: DiffRow[]
  linesAdded: number
  linesRemoved: number
  /** ASINs the current text embeds and the revision did not (added), and the other way round (removed). */
  products: { added: string[]; removed: string[] }
  title: { from: string; to: string } | null
  summary: { from: string; to: string } | null
}

type RevisionDiff = RevisionChanges & { revision: number }

const SIGN = { added: '+', removed: '−', same: ' ' } as const
const LINE_CLASS = {
  added: 'bg-green-50 text-green-900',
  removed: 'bg-red-50 text-red-900',
  same: 'text-slate-700',
} as const

export function RevisionHistory({
  revisions,
  current,
  diff,
  pagePath,
}: {
  revisions: EditorRevision[]
  /** The document's revision now: the one every restore is made over. */
  current: number
  diff: RevisionDiff | null
  /** The editor's address, without a query. */
  pagePath: string
}) {
  // A restore refused answers here, in the editor's reply; only a role that may edit is offered one.
  const lastResult = useActionData<SubmissionResult<string[]>>()
  const canRestore = can(usePanelUser().role, 'edit')
  return (
    <section aria-labelledby="revisions-heading" className="space-y-4">
      <h2 id="revisions-heading" className="text-2xl font-bold">
        Revisions
      </h2>
      <FormErrors
        errors={intentOf(lastResult) === 'restore' ? firstErrorOf(lastResult) : null}
        title="Failed to restore revision"
      />
      {diff ? <DiffView diff={diff} current={current} closeTo={`${pagePath}#revisions-heading`} /> : null}
      <AdminTable
        caption="Every save of the text, newest first."
        headings={['Revision', 'Saved by', 'Saved', { hidden: 'Actions' }]}
      >
        {revisions.map(({ revision, author, savedAt }) => (
          <tr key={revision}>
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
              {revision}
              {revision === current ? ' (current)' : null}
            </th>
            <td className="px-4 py-3 text-slate-700">{author ?? 'A removed user'}</td>
            <td className="px-4 py-3 text-slate-700">{savedAt}</td>
            <td className="px-4 py-3">
              {revision === current ? null : (
                <div className="flex flex-wrap gap-2">
                  <Link to={`${pagePath}?diff=${revision}#revision-diff`} className={rowButton.secondary}>
                    Compare with current<span className="sr-only"> (revision {revision})</span>
                  </Link>
                  {canRestore ? <RestoreForm revision={revision} current={current} pagePath={pagePath} /> : null}
                </div>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  )
}

/** Saves a revision's words as a new revision, made over the current one. */
function RestoreForm({ revision, current, pagePath }: { revision: number; current: number; pagePath: string }) {
  // While anything is sent to this page's action (the editor's save too), no restore can be pressed.
  const sending = useIsPending()
  const restoring = useIsPending({ intent: 'restore', fields: { restore: String(revision) } })
  return (
    <Form method="post" action={pagePath}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="restore" value={revision} />
      <input type="hidden" name="revision" value={current} />
      <StatusButton pending={restoring} pendingText="Restoring..." disabled={sending} className={rowButton.secondary}>
        Restore this revision<span className="sr-only"> ({revision})</span>
      </StatusButton>
    </Form>
  )
}

/** The text line by line, + for a line the current text added and − for one it removed, said in words too. */
function DiffView({ diff, current, closeTo }: { diff: RevisionDiff; current: number; closeTo: string }) {
  const { revision, rows, linesAdded, linesRemoved, products, title, summary } = diff
  const lines = (count: number) => `${count} ${count === 1 ? 'line' : 'lines'}`
  return (
    <section
      id="revision-diff"
      aria-labelledby="revision-diff-heading"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="revision-diff-heading" className="text-xl font-semibold">
          Revision {revision} compared with the current text (revision {current})
        </h3>
        <Link to={closeTo} className={rowButton.secondary}>
          Close<span className="sr-only"> the comparison</span>
        </Link>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>
          {lines(linesAdded)} added, {lines(linesRemoved)} removed since revision {revision}.
        </li>
        {title ? (
          <li>
            Title: was “{title.from}”, now “{title.to}”.
          </li>
        ) : null}
        {summary ? <li>The summary changed.</li> : null}
        <li>
          Embedded products:{' '}
          {products.added.length || products.removed.length
            ? [
                products.added.length ? `added ${products.added.join(', ')}` : '',
                products.removed.length ? `removed ${products.removed.join(', ')}` : '',
              ]
                .filter(Boolean)
                .join('; ')
            : 'none added or removed'}
          .
        </li>
      </ul>
      {rows.length ? (
        <ol
          aria-label="The text, line by line"
          className="overflow-x-auto rounded border border-slate-200 font-mono text-sm"
        >
          {rows.map((row, index) =>
            row.kind === 'folded' ? (
              <li key={index} className="bg-slate-50 px-3 py-1 text-slate-600 italic">
                {lines(row.count)} unchanged
              </li>
            ) : (
              <li key={index} className={`px-3 whitespace-pre-wrap break-words ${LINE_CLASS[row.kind]}`}>
                <span aria-hidden="true" className="mr-2 select-none">
                  {SIGN[row.kind]}
                </span>
                {row.kind === 'same' ? null : <span className="sr-only">{row.kind}: </span>}
                {row.text || '\u00a0'}
              </li>
            ),
          )}
        </ol>
      ) : null}
    </section>
  )
}
