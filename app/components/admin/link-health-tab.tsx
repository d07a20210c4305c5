import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field } from '#app/components/form-fields.tsx'
import { FormErrors, useZodForm, useIsPending } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { ReplaceAsinSchema } from '#app/schemas/link-health.ts'
import { LINK_PROBLEM_KINDS, LINK_PROBLEM_LABELS, type LinkProblemKind } from '#app/utils/link-health.ts'
import { AdminTable } from './admin-table.tsx'
import { EmbeddedIn, type EmbeddingDocument } from './embedding-documents.tsx'
import { FilterSelect } from './filter-field.tsx'
import { FilteredHeading } from './product-table-parts.tsx'
import { rowButton } from './styles.ts'

// The Link health tab (docs/decisions/047): the open problems the nightly refresh found, newest first, a kind
// filter (GET), and each row's actions as POST forms to the tab's own address: mark seen, hide the product,
// replace its ASIN. A refused row button answers above the table; a refused ASIN under its field. Each product
// names the guides and pages it is embedded in (docs/decisions/052): what a fix or a hide will change.

export interface LinkProblemItem {
  id: number
  kind: LinkProblemKind
  detail: string
  detected: string
  last_seen: string
  seen: string | null
  seen_by: string | null
  product_id: number
  title: string
  asin: string
  soft_hidden: boolean
  /** The guides and pages whose text embeds the product. */
  usedIn: EmbeddingDocument[]
}

type Reply = SubmissionResult<string[]> | undefined

const HEADINGS = ['Product', 'ASIN', 'Problem', 'Detail', 'Detected', 'Last seen', 'Seen', { hidden: 'Actions' }]
const KIND_FILTER = [
  ['', 'All kinds'] as const,
  ...LINK_PROBLEM_KINDS.map((kind) => [kind, LINK_PROBLEM_LABELS[kind]] as const),
]
const cell = 'px-4 py-3 align-top'

export function LinkHealthTab({
  kind,
  problems,
  total,
  page,
  pageCount,
  action,
  canEdit,
  formErrors,
  formErrorsTitle,
  replaceReply,
}: {
  kind: LinkProblemKind | undefined
  problems: LinkProblemItem[]
  total: number
  page: number
  pageCount: number
  /** The tab's address with its filters: where the row forms post, and come back to. */
  action: string
  canEdit: boolean
  formErrors: string[] | null
  formErrorsTitle: string
  /** A refused ASIN replacement, for the row that sent it. */
  replaceReply: Reply
}) {
  const replacedRow = replaceReply?.initialValue?.row
  return (
    <section aria-labelledby="link-health-heading" className="space-y-4">
      <FilteredHeading id="link-health-heading" title="Open link problems" count={total}>
        <FilterSelect id="link-problem-kind" name="kind" label="Kind" value={kind ?? ''} options={KIND_FILTER} />
      </FilteredHeading>
      <p className="text-sm text-slate-700">
        The nightly refresh checks every product&apos;s Amazon link. Unavailable items, missing offers and rejected
        ASINs stay listed until Amazon&apos;s answer clears them; a price jump stays until someone marks it seen.
      </p>
      <FormErrors errors={formErrors} title={formErrorsTitle} />
      {problems.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          {kind ? `No open problems of the kind “${LINK_PROBLEM_LABELS[kind]}”.` : 'No open link problems.'}
        </p>
      ) : (
        <AdminTable caption={`Open link problems, newest first, page ${page}`} headings={HEADINGS}>
          {problems.map((problem) => (
            <tr key={problem.id} className={problem.seen ? 'bg-slate-50 text-slate-600' : undefined}>
              <td className={cell}>
                <Link to={`/admin/products/${problem.product_id}`} className="font-medium text-brand-700 underline">
                  {problem.title}
                </Link>
                {problem.soft_hidden ? (
                  <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                    Hidden
                  </span>
                ) : null}
                <EmbeddedIn documents={problem.usedIn} moreTo={`/admin/products/${problem.product_id}`} />
              </td>
              <td className={`${cell} font-mono`}>{problem.asin}</td>
              <td className={`${cell} whitespace-nowrap`}>{LINK_PROBLEM_LABELS[problem.kind]}</td>
              <td className={`${cell} max-w-xs`}>{problem.detail}</td>
              <td className={`${cell} whitespace-nowrap`}>{problem.detected}</td>
              <td className={`${cell} whitespace-nowrap`}>{problem.last_seen}</td>
              <td className={cell}>
                {problem.seen ? (
                  <>
                    {problem.seen}
                    {problem.seen_by ? <span className="block text-xs">by {problem.seen_by}</span> : null}
                  </>
                ) : (
                  'Not yet'
                )}
              </td>
              <td className={cell}>
                <RowActions
                  problem={problem}
                  action={action}
                  canEdit={canEdit}
                  reply={replacedRow === String(problem.id) ? replaceReply : undefined}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </section>
  )
}

function RowActions({
  problem,
  action,
  canEdit,
  reply,
}: {
  problem: LinkProblemItem
  action: string
  canEdit: boolean
  reply: Reply
}) {
  const name = <span className="sr-only"> {problem.title}</span>
  return (
    <div className="flex min-w-48 flex-col items-start gap-2">
      <div className="flex flex-wrap gap-2">
        {problem.seen ? null : (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="mark-seen" />
            <input type="hidden" name="id" value={problem.id} />
            <button type="submit" disabled={!canEdit} className={rowButton.secondary}>
              Mark seen
              <span className="sr-only">
                {' '}
                {LINK_PROBLEM_LABELS[problem.kind]} for {problem.title}
              </span>
            </button>
          </Form>
        )}
        {problem.soft_hidden ? null : (
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="hide" />
            <input type="hidden" name="productId" value={problem.product_id} />
            <button type="submit" disabled={!canEdit} className={rowButton.secondary}>
              Hide{name}
            </button>
          </Form>
        )}
      </div>
      {canEdit ? <ReplaceAsinForm problem={problem} action={action} reply={reply} /> : null}
    </div>
  )
}

/** A disclosure, so it works without JavaScript; open again when its ASIN was refused. */
function ReplaceAsinForm({ problem, action, reply }: { problem: LinkProblemItem; action: string; reply: Reply }) {
  // This row's form, not another's: they all post to the same address.
  const busy = useIsPending({ formAction: action, intent: 'replace-asin', fields: { row: String(problem.id) } })
  const [form, fields] = useZodForm(ReplaceAsinSchema, { id: `replace-asin-${problem.id}`, lastResult: reply })
  return (
    <details open={reply ? true : undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline">
        Replace ASIN<span className="sr-only"> of {problem.title}</span>
      </summary>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="replace-asin" />
        <input type="hidden" name="productId" value={problem.product_id} />
        <input type="hidden" name="row" value={problem.id} />
        <FormErrors id={form.errorId} errors={form.errors} title="Failed to update product" className="mb-2" />
        <Field
          meta={fields.asin}
          label={
            <>
              New ASIN<span className="sr-only"> for {problem.title}</span>
            </>
          }
          hint="Reviews, specs and curation stay."
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          inputClassName="mt-1 block w-40 rounded-md border border-slate-400 bg-white px-2 py-1 font-mono text-sm aria-invalid:border-red-700"
        />
        <StatusButton pending={busy} pendingText="Replacing..." className={rowButton.primary}>
          Replace<span className="sr-only"> the ASIN of {problem.title}</span>
        </StatusButton>
      </Form>
    </details>
  )
}
