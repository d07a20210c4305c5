import { Link } from '#app/components/link.tsx'

// Where a product is embedded (docs/decisions/052): the guides and information pages whose text names it, each a
// link to its editor. Drawn in the product edit panel ("Used in …") and on the Link health tab ("In: …").

export interface EmbeddingDocument {
  id: number
  kind: string
  slug: string
  title: string
  /** A guide's state; pages are always published. */
  status?: string
}

/** The document's editor in the panel: a guide by its id, an information page by its slug. */
export function documentEditorPath(document: Pick<EmbeddingDocument, 'id' | 'kind' | 'slug'>): string {
  return document.kind === 'guide' ? `/admin/guides/${document.id}` : `/admin/pages/${document.slug}`
}

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

/** "Used in 2 guides and 1 page", or "Not used in any guide or page". */
export function usedInText(documents: readonly Pick<EmbeddingDocument, 'kind'>[]): string {
  const guides = documents.filter((document) => document.kind === 'guide').length
  const pages = documents.length - guides
  const parts = [guides ? counted(guides, 'guide') : '', pages ? counted(pages, 'page') : ''].filter(Boolean)
  return parts.length ? `Used in ${parts.join(' and ')}` : 'Not used in any guide or page'
}

const STATUS_LABEL: Record<string, string> = { draft: 'Draft', scheduled: 'Scheduled' }
const linkClass = 'text-brand-700 underline'

/** The product edit panel's list: every document that embeds the product, with a guide's state when not live. */
export function UsedIn({ documents }: { documents: readonly EmbeddingDocument[] }) {
  return (
    <section aria-labelledby="used-in-heading" className="mt-4 rounded-md border border-slate-200 p-3 text-sm">
      <h3 id="used-in-heading" className="font-semibold text-slate-900">
        {usedInText(documents)}
      </h3>
      {documents.length ? (
        <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
          {documents.map((document) => (
            <li key={document.id}>
              <Link to={documentEditorPath(document)} className={linkClass}>
                {document.title}
              </Link>
              {document.kind === 'page' ? ' (page)' : null}
              {document.status && STATUS_LABEL[document.status] ? (
                <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">
                  {STATUS_LABEL[document.status]}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}

/** How many documents a table row names before "and N more". */
const NAMED_IN_ROW = 3

/**
 * One line for a row of a table: "In: Guide A, Guide B", the first three, then "and N more" leading to `moreTo`
 * (the product's panel, which lists them all). Nothing when the product is in none.
 */
export function EmbeddedIn({ documents, moreTo }: { documents: readonly EmbeddingDocument[]; moreTo: string }) {
  if (documents.length === 0) return null
  const more = documents.length - NAMED_IN_ROW
  return (
    <p className="mt-1 text-xs text-slate-700">
      In:{' '}
      {documents.slice(0, NAMED_IN_ROW).map((document, index) => (
        <span key={document.id}>
          {index > 0 ? ', ' : null}
          <Link to={documentEditorPath(document)} className={linkClass}>
            {document.title}
          </Link>
        </span>
      ))}
      {more > 0 ? (
        <>
          {' and '}
          <Link to={moreTo} className={linkClass}>
            {more} more
          </Link>
        </>
      ) : null}
    </p>
  )
}
