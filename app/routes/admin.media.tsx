import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { MediaFilters } from '#app/components/admin/media-filters.tsx'
import { MediaLibrary } from '#app/components/admin/media-library.tsx'
import { mediaErrorBoundary, UploadForm } from '#app/components/admin/media.tsx'
import { NewFolderForm } from '#app/components/admin/new-folder-form.tsx'
import { primaryButtonClass, secondaryButtonClass } from '#app/components/admin/styles.ts'
import { useRecordPermissions } from '#app/components/admin/use-panel-user.ts'
import { firstErrorOf, FormErrors, intentOf } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { type Permission } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { listFolders, listMedia } from '#app/models/media.server.ts'
import {
  fileCount,
  FolderRefSchema,
  MEDIA_FAILED,
  MEDIA_MAX_BODY_BYTES,
  MediaActionSchema,
  type MediaAction,
  type MediaIntent,
} from '#app/schemas/media.ts'
import { searchText } from '#app/schemas/params.ts'
import { createMediaFolder, deleteMediaFiles, moveMediaFiles, tagMediaFiles } from '#app/services/media.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/media (SPEC §2 "Admin Media page"): search, grid/list, folder filter, New Folder, upload (posted to
// /admin/media/upload), multi-select with move, tags and delete, per-file delete. The writes are
// app/services/media.server.ts; the forms app/components/admin/media-filters.tsx, new-folder-form.tsx and
// media-library.tsx.

function readFilters(url: URL) {
  const q = searchText(200).parse(url.searchParams.get('q') ?? undefined)
  const view = url.searchParams.get('view') === 'list' ? ('list' as const) : ('grid' as const)
  const folderParam = url.searchParams.get('folder') ?? ''
  const folderRef = folderParam ? FolderRefSchema.safeParse(folderParam) : null
  const folder = !folderRef?.success ? undefined : folderRef.data === null ? ('none' as const) : folderRef.data
  return { q, view, folder, selectAll: url.searchParams.get('select') === 'all' }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const filters = readFilters(requestUrl(request))
  const [media, folders] = await Promise.all([listMedia(db, { q: filters.q, folder: filters.folder }), listFolders(db)])
  return data(
    { media: media.map((m) => ({ ...m, created_at: m.created_at.toISOString() })), folders, filters },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

/** Each intent and the permission it needs (SPEC §6: New Folder needs create, delete needs delete). */
const PERMISSIONS = { folder: 'create', move: 'edit', tags: 'edit', delete: 'delete' } as const satisfies Record<
  MediaIntent,
  Permission
>

export async function action({ request }: ActionFunctionArgs) {
  const back = `/admin/media${requestUrl(request).search}`
  const options = { maxBytes: MEDIA_MAX_BODY_BYTES, permissions: PERMISSIONS }
  return writePanelForm(request, MediaActionSchema, options, (actorId, form) => write(actorId, form, back))
}

/** One function per intent: the write, then back to the list with its toast. */
async function write(actorId: number, form: MediaAction, back: string) {
  switch (form.intent) {
    case 'folder': {
      const folder = await createMediaFolder(actorId, form.name)
      return redirectWithToast(back, { title: 'Folder created successfully', description: folder.name })
    }
    case 'move': {
      await moveMediaFiles(actorId, form.ids, form.folder)
      const description = `${fileCount(form.ids.length)} moved`
      return redirectWithToast(back, { title: 'Media updated successfully', description })
    }
    case 'tags': {
      await tagMediaFiles(actorId, form.ids, form.tags)
      const description = `${fileCount(form.ids.length)} tagged`
      return redirectWithToast(back, { title: 'Media updated successfully', description })
    }
    case 'delete': {
      const description = `${fileCount(await deleteMediaFiles(actorId, form.ids))} deleted`
      return redirectWithToast(back, { title: 'Media deleted successfully', description })
    }
  }
}

export const meta: MetaFunction = () => [{ title: 'Media | Admin' }]

export default function MediaPage() {
  const { media, folders, filters } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const location = useLocation()
  const may = useRecordPermissions()
  const replied = intentOf(reply)
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key)
      else params.set(key, value)
    }
    const search = params.toString()
    return `/admin/media${search ? `?${search}` : ''}`
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Media</h1>
        <nav aria-label="View" className="flex gap-2">
          {(['grid', 'list'] as const).map((view) => (
            <Link
              key={view}
              to={withParams({ view, select: null })}
              aria-current={filters.view === view ? 'page' : undefined}
              className={filters.view === view ? primaryButtonClass : secondaryButtonClass}
            >
              {view === 'grid' ? 'Grid' : 'List'}
            </Link>
          ))}
        </nav>
      </div>

      {/* A refused New Folder answers in its form; every other refusal here, above the list. */}
      {replied === 'folder' ? null : (
        <FormErrors errors={firstErrorOf(reply)} title={MEDIA_FAILED[replied ?? ''] ?? 'Update failed'} />
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <MediaFilters view={filters.view} q={filters.q} folder={filters.folder} folders={folders} />
        <NewFolderForm disabled={!may.create} lastResult={replied === 'folder' ? reply : undefined} />
        <UploadForm folder={typeof filters.folder === 'number' ? filters.folder : null} disabled={!may.create} />
      </div>

      <MediaLibrary
        media={media}
        folders={folders}
        view={filters.view}
        selectAll={filters.selectAll}
        filtered={Boolean(filters.q) || filters.folder !== undefined}
        may={may}
        lastResult={replied && replied !== 'folder' ? reply : undefined}
        withParams={withParams}
      />
    </div>
  )
}

export const ErrorBoundary = mediaErrorBoundary()
