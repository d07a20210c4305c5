import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { DeleteDialog } from '#app/components/admin/delete-dialog.tsx'
import { PanelCard } from '#app/components/admin/panel-card.tsx'
import { RecordFormDialogs, RecordListHeading } from '#app/components/admin/record-list.tsx'
import { SearchQueriesReport } from '#app/components/admin/search-queries-report.tsx'
import { rowButton } from '#app/components/admin/styles.ts'
import { SynonymForm } from '#app/components/admin/synonym-form.tsx'
import { SynonymTable } from '#app/components/admin/synonym-table.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { Link } from '#app/components/link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { readRecordPanel } from '#app/lib/record-panel.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  queriesWithoutResult,
  queriesWithResults,
  recordedQuery,
  REPORT_DAYS,
  topQueries,
} from '#app/models/search-queries.server.ts'
import { getSynonym, listSynonyms, SYNONYMS_PAGE_SIZE } from '#app/models/search-synonyms.server.ts'
import { pageParam, searchText } from '#app/schemas/params.ts'
import {
  SYNONYM_MAX_BODY_BYTES,
  SYNONYM_NOT_FOUND,
  SynonymActionSchema,
  type SynonymAction,
  type SynonymIntent,
} from '#app/schemas/search-words.ts'
import { createSynonym, editSynonym, removeSynonym } from '#app/services/search-words.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/search (issue 51): the collectors' words the engine applies when it reads a query (add, edit, delete;
// one way or both ways), and what people looked for in the last 30 days. As on the other list pages, forms and
// confirmations are reached by links (?new, ?edit=id, ?delete=id) and work without JavaScript. The words change
// every search on the site, so changing them is the site settings' power ('manage-settings'); everyone sees them.

const FILTER_MAX = 60
const LAST_PAGE = 1_000

/** Each intent and the permission it needs. */
const PERMISSIONS = { create: 'manage-settings', update: 'manage-settings', delete: 'manage-settings' } as const

const FAILED: Record<SynonymIntent, string> = {
  create: 'Failed to create synonym',
  update: 'Failed to update synonym',
  delete: 'Failed to delete synonym',
}

/** The list's filter and page, as the address carries them. */
function readList(url: URL) {
  const filter = searchText(FILTER_MAX).parse(url.searchParams.get('q') ?? undefined)
  return { filter, page: pageParam(LAST_PAGE).parse(url.searchParams.get('page') ?? undefined) }
}

/** The list's address, keeping its filter and page. */
function listHref({ filter, page }: { filter: string; page: number }, extra = ''): string {
  const params = new URLSearchParams({ ...(filter ? { q: filter } : {}), ...(page > 1 ? { page: String(page) } : {}) })
  const query = [params.toString(), extra].filter(Boolean).join('&')
  return `/admin/search${query ? `?${query}` : ''}`
}

/** The pair a row shows, as the dialogs name it. */
const named = <Row extends { words: string; synonym: string }>(row: Row) => ({
  ...row,
  name: `${row.words} – ${row.synonym}`,
})

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePanelUser(request, 'view')
  const url = requestUrl(request)
  const list = readList(url)
  // A role that may not change the words is offered no form, whatever the address asks.
  const role = can(user.role, 'manage-settings') ? user.role : 'viewer'
  const [synonyms, dialog, top, empty, offered] = await Promise.all([
    listSynonyms(db, list),
    readRecordPanel(url, role, (id) => getSynonym(db, id), SYNONYM_NOT_FOUND),
    topQueries(db),
    queriesWithoutResult(db),
    queriesWithResults(db, 50),
  ])
  // A query that found nothing, to make a synonym of (the report's "Make a synonym").
  const words = recordedQuery(url.searchParams.get('words') ?? '') ?? ''
  return data(
    {
      list,
      synonyms: synonyms.rows,
      total: synonyms.total,
      pageCount: Math.max(1, Math.ceil(synonyms.total / SYNONYMS_PAGE_SIZE)),
      panel: dialog.panel,
      target: dialog.target ? named(dialog.target) : null,
      top,
      empty,
      offered,
      words,
      days: REPORT_DAYS,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const back = listHref(readList(requestUrl(request)))
  const options = { maxBytes: SYNONYM_MAX_BODY_BYTES, permissions: PERMISSIONS }
  return writePanelForm(request, SynonymActionSchema, options, (actorId, form) => write(actorId, form, back))
}

/** One function per intent: the write, then back to the list with its toast. */
async function write(actorId: number, form: SynonymAction, back: string) {
  if (form.intent === 'delete') {
    const { words, synonym } = await removeSynonym(actorId, form.id)
    return redirectWithToast(back, { title: 'Synonym deleted', description: `"${words}" – "${synonym}" is gone.` })
  }
  const fields = { words: form.words, synonym: form.synonym, both_ways: form.direction === 'both-ways' }
  const description = `"${fields.words}" ${fields.both_ways ? 'and' : 'also finds'} "${fields.synonym}"${
    fields.both_ways ? ' find each other' : ''
  }.`
  if (form.intent === 'create') {
    await createSynonym(actorId, fields)
    return redirectWithToast(back, { title: 'Synonym added', description })
  }
  await editSynonym(actorId, form.id, fields)
  return redirectWithToast(back, { title: 'Synonym saved', description })
}

export const meta: MetaFunction = () => [{ title: 'Search | Admin' }]

export default function AdminSearch() {
  const loaded = useLoaderData<typeof loader>()
  const { list, synonyms, total, pageCount, panel, target, top, empty, offered, words, days } = loaded
  const mayChange = can(usePanelUser().role, 'manage-settings')
  const href = (extra?: string) => listHref(list, extra)

  return (
    <div className="space-y-6">
      <RecordListHeading title="Search" addLabel="Add Synonym" addTo={href('new')} allowed={mayChange} />
      <RecordFormDialogs
        noun="synonym"
        dialog={{ panel, target }}
        failed={FAILED}
        href={href}
        form={({ record, ...props }) => (
          <SynonymForm key={record?.id ?? words} synonym={record} words={words} offered={offered} {...props} />
        )}
      />
      {panel?.mode === 'delete' && target ? (
        <DeleteDialog
          title="Delete synonym"
          description={
            <>
              Delete &quot;{target.words}&quot; – &quot;{target.synonym}&quot;? Searches stop using it at once.
            </>
          }
          action={href()}
          id={target.id}
        />
      ) : null}

      <PanelCard id="synonyms-title" title="Collectors' words">
        <p className="mt-1 text-sm text-slate-700">
          A search for the words also finds the synonym; both ways, each finds the other. Applied when a search is read:
          a change shows in the next search.
        </p>
        <Form method="get" action="/admin/search" role="search" className="mt-4 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="synonym-filter" className="block text-sm font-medium">
              Filter synonyms
            </label>
            <input
              key={list.filter}
              id="synonym-filter"
              type="search"
              name="q"
              defaultValue={list.filter}
              maxLength={FILTER_MAX}
              placeholder="Either side"
              className="mt-1 w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-1.5"
            />
          </div>
          <button type="submit" className={rowButton.secondary}>
            Filter
          </button>
          {list.filter ? (
            <Link to="/admin/search" className="px-2 py-1.5 text-sm font-medium text-slate-700 underline">
              Clear filter
            </Link>
          ) : null}
        </Form>
        <SynonymTable synonyms={synonyms} total={total} filter={list.filter} listHref={href} mayChange={mayChange} />
        <Pagination page={list.page} pageCount={pageCount} />
      </PanelCard>

      <SearchQueriesReport
        days={days}
        top={top}
        empty={empty}
        mayChange={mayChange}
        synonymHref={(query) => listHref({ filter: '', page: 1 }, `new&words=${encodeURIComponent(query)}`)}
      />
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin/search', label: 'Back to Search' }, SYNONYM_NOT_FOUND)
