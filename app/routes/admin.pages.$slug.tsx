import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RevisionHistory } from '#app/components/admin/document-revisions.tsx'
import { SavedEditorHeading } from '#app/components/admin/editor-heading.tsx'
import { PageEditor } from '#app/components/admin/page-editor.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { intentOf } from '#app/components/forms.tsx'
import { defaultPages, PAGE_SLUGS, type PageSlug } from '#app/content/default-pages.ts'
import { documentAction, revisionHistory, withWarnings } from '#app/lib/content/document-editor.server.ts'
import { getEnv } from '#app/lib/env.server.ts'
import { Refusal } from '#app/lib/form-reply.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getDocumentBySlug } from '#app/models/document.server.ts'
import { PAGE_NOT_FOUND, PageActionSchema, REVISION_NOT_FOUND, type PageAction } from '#app/schemas/document.ts'
import { restoreRevision, savePage } from '#app/services/document.server.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/pages/{slug} (docs/decisions/052): an information page's editor. Until its first save a page has no row
// and the form holds its default text at revision 0; from then on it has revisions, compared and restored as a
// guide's are. "Preview" saves nothing.

/** Each intent and the permission it needs. */
const PERMISSIONS = { save: 'edit', preview: 'edit', restore: 'edit' } as const

function pageSlug(params: { slug?: string }): PageSlug {
  const slug = params.slug as PageSlug
  invariantResponse(PAGE_SLUGS.includes(slug), PAGE_NOT_FOUND, { status: 404 })
  return slug
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const slug = pageSlug(params)
  const row = await getDocumentBySlug(db, 'page', slug)
  const { eyebrow, title, summary, body } = row ?? defaultPages[slug]
  const history = row ? await revisionHistory(row, requestUrl(request)) : { revisions: [], diff: null }
  return data(
    {
      page: { slug, revision: row?.revision ?? 0, eyebrow: eyebrow ?? '', title, summary, body },
      savedAt: row ? formatDateTime(row.updated_at, getEnv().REFRESH_TZ) : null,
      ...history,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ params, request }: ActionFunctionArgs) {
  return documentAction(request, PageActionSchema, {
    permissions: PERMISSIONS,
    target: () => pageSlug(params),
    context: (slug) => ({ slug }),
    write,
  })
}

/** Saves the page, or restores one of its revisions; then the editor again with its toast. */
async function write(actorId: number, slug: PageSlug, form: Exclude<PageAction, { intent: 'preview' }>) {
  const here = `/admin/pages/${slug}`
  if (form.intent === 'save') {
    const warnings = await savePage(actorId, slug, form)
    return redirectWithToast(here, withWarnings({ title: 'Page saved', description: `It is at /${slug}.` }, warnings))
  }
  const page = await getDocumentBySlug(db, 'page', slug)
  if (!page) throw new Refusal(404, REVISION_NOT_FOUND)
  const warnings = await restoreRevision(actorId, 'page', page.id, form.restore, form.revision)
  return redirectWithToast(here, withWarnings({ title: `Revision ${form.restore} restored` }, warnings))
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.page.title} | Admin` : 'Page not found | Admin' },
]

export default function EditPage() {
  const { page, savedAt, revisions, diff } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  const path = `/admin/pages/${page.slug}`
  return (
    <div className="space-y-8">
      <SavedEditorHeading
        back="/admin/pages"
        backLabel="All pages"
        title="Edit page"
        noun="page"
        canWrite={can(role, 'edit')}
      >
        <p className="text-sm text-slate-700">
          <a href={`/${page.slug}`} className="font-mono underline">
            /{page.slug}
          </a>{' '}
          · {savedAt ? `Last saved ${savedAt}` : 'Default text: not saved here yet'}
        </p>
      </SavedEditorHeading>

      <PageEditor
        key={page.revision}
        page={page}
        canWrite={can(role, 'edit')}
        lastResult={intentOf(reply) === 'restore' ? undefined : reply}
      />

      {revisions.length ? (
        <RevisionHistory revisions={revisions} current={page.revision} diff={diff} pagePath={path} />
      ) : null}
    </div>
  )
}

export const ErrorBoundary = panelErrorBoundary({ to: '/admin/pages', label: 'Back to Pages' }, PAGE_NOT_FOUND)
