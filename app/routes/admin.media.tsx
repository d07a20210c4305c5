import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { FormAlert } from '#app/components/admin/auth-page.tsx'
import { FolderSelect, formatBytes, MediaThumbnail, UploadForm } from '#app/components/admin/media.tsx'
import { primaryButtonClass, secondaryButtonClass, smallFieldClass } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { Link } from '#app/components/link.tsx'
import { deleteMedia, MediaInUseError, StorageError } from '#app/lib/media.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can, type Permission } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { writeAudit } from '#app/models/audit.server.ts'
import {
  createFolder,
  getFolder,
  getMediaByIds,
  listFolders,
  listMedia,
  moveMedia,
  setMediaTags,
} from '#app/models/media.server.ts'
import { FolderNameSchema, FolderRefSchema, IdsSchema, TagsSchema } from '#app/schemas/media.ts'
import { searchText } from '#app/schemas/params.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/media (SPEC §2 "Admin Media page"): search, grid/list, folder filter, New Folder,
// upload (posted to /admin/media/upload), multi-select with move, tags and delete, per-file delete.

type View = 'grid' | 'list'

function readFilters(url: URL) {
  const q = searchText(200).parse(url.searchParams.get('q') ?? undefined)
  const view: View = url.searchParams.get('view') === 'list' ? 'list' : 'grid'
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

const INTENTS: Record<string, Permission> = { folder: 'create', move: 'edit', tags: 'edit', delete: 'delete' }

type Failure = { title: string; message: string }
const fail = (title: string, message: string, status: number) => data<Failure>({ title, message }, { status })

export async function action({ request }: ActionFunctionArgs) {
  // Who may post at all is known before the body is read; what they may do, once the intent is.
  await requirePanelUser(request, 'view')
  const formData = await readFormData(request, 64 * 1024)
  if (!formData) return fail('Update failed', 'The form is too large.', 413)
  const intent = String(formData.get('intent') ?? '')
  const need = INTENTS[intent]
  if (!need) return fail('Update failed', 'Unknown action.', 400)
  const user = await requirePanelUser(request, need)
  const back = `/admin/media${requestUrl(request).search}`

  if (intent === 'folder') {
    const name = FolderNameSchema.safeParse(formData.get('name') ?? '')
    if (!name.success) return fail('Failed to create folder', name.error.issues[0]!.message, 400)
    const folder = await db.transaction().execute(async (trx) => {
      const created = await createFolder(trx, name.data)
      if (created) {
        await writeAudit(trx, {
          actorId: user.id,
          entityType: 'MEDIA_FOLDER',
          entityId: created.id,
          action: 'CREATE',
          diff: { name: created.name },
        })
      }
      return created
    })

    if (!folder) return fail('Failed to create folder', `A folder named "${name.data}" already exists.`, 409)
    return redirectWithToast(back, { title: 'Folder created successfully', description: folder.name }, { status: 303 })
  }

  const title = intent === 'delete' ? 'Delete failed' : 'Update failed'
  const ids = IdsSchema.safeParse(formData.getAll('ids'))
  if (!ids.success) return fail(title, ids.error.issues[0]!.message, 400)
  const existing = await getMediaByIds(db, ids.data)
  if (existing.length !== ids.data.length) return fail(title, 'Some of the selected files do not exist.', 404)
  const count = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`

  if (intent === 'delete') {
    let deleted = 0
    for (const media of existing) {
      try {
        if (await deleteMedia(user.id, media.id)) deleted += 1
      } catch (error) {
        const done = deleted ? ` ${count(deleted)} deleted before it.` : ''
        if (error instanceof MediaInUseError) return fail(title, `${error.message}${done}`, 409)
        if (!(error instanceof StorageError)) throw error
        return fail(title, `${media.file_name} could not be removed from storage and was kept; try again.${done}`, 502)
      }
    }
    return redirectWithToast(
      back,
      { title: 'Media deleted successfully', description: `${count(deleted)} deleted` },
      { status: 303 },
    )
  }

  if (intent === 'move') {
    const target = FolderRefSchema.safeParse(formData.get('folder') ?? '')
    if (!target.success) return fail(title, 'Choose a folder.', 400)
    const folderId = target.data
    if (folderId !== null && !(await getFolder(db, folderId))) {
      return fail(title, 'That folder does not exist.', 404)
    }
    await db.transaction().execute(async (trx) => {
      const moved = await moveMedia(trx, ids.data, folderId)
      for (const media of existing.filter((m) => moved.includes(m.id))) {
        await writeAudit(trx, {
          actorId: user.id,
          entityType: 'MEDIA',
          entityId: media.id,
          action: 'MOVE',
          diff: { folder_id: { from: media.folder_id, to: folderId } },
        })
      }
    })

    return redirectWithToast(
      back,
      { title: 'Media updated successfully', description: `${count(ids.data.length)} moved` },
      {
        status: 303,
      },
    )
  }

  const tags = TagsSchema.safeParse(formData.get('tags') ?? '')
  if (!tags.success) return fail(title, tags.error.issues[0]!.message, 400)
  await db.transaction().execute(async (trx) => {
    await setMediaTags(trx, ids.data, tags.data)
    for (const media of existing) {
      await writeAudit(trx, {
        actorId: user.id,
        entityType: 'MEDIA',
        entityId: media.id,
        action: 'TAG',
        diff: { tags: { from: media.tags, to: tags.data } },
      })
    }
  })

  return redirectWithToast(
    back,
    { title: 'Media updated successfully', description: `${count(ids.data.length)} tagged` },
    {
      status: 303,
    },
  )
}

export const meta: MetaFunction = () => [{ title: 'Media | Admin' }]

export default function MediaPage() {
  const { media, folders, filters } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { role } = usePanelUser()
  const location = useLocation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [selected, setSelected] = useState<Set<number>>(() => new Set(filters.selectAll ? media.map((m) => m.id) : []))
  // A new list (search, folder, after a write) starts from what the URL asks for.
  useEffect(() => setSelected(new Set(filters.selectAll ? media.map((m) => m.id) : [])), [media, filters.selectAll])

  const folderName = new Map(folders.map((f) => [f.id, f.name]))
  const withParams = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key)
      else params.set(key, value)
    }
    const search = params.toString()
    return `/admin/media${search ? `?${search}` : ''}`
  }
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })

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

      {failure ? <FormAlert title={failure.title} message={failure.message} /> : null}

      <div className="grid gap-4 lg:grid-cols-3">
        <Form method="get" role="search" aria-label="Search media" className="rounded-lg border bg-white p-4">
          <input type="hidden" name="view" value={filters.view} />
          <label htmlFor="media-q" className="block text-sm font-medium">
            Search
          </label>
          <input
            id="media-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="File name or alt text"
            className={smallFieldClass}
          />
          <label htmlFor="media-folder-filter" className="mt-3 block text-sm font-medium">
            Folder
          </label>
          <select
            id="media-folder-filter"
            name="folder"
            defaultValue={filters.folder === undefined ? '' : String(filters.folder)}
            className={smallFieldClass}
          >
            <option value="">All folders</option>
            <option value="none">No folder</option>
            {folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
          </select>
          <button type="submit" className={`${secondaryButtonClass} mt-3`}>
            Search
          </button>
        </Form>

        <Form method="post" className="rounded-lg border bg-white p-4">
          <input type="hidden" name="intent" value="folder" />
          <label htmlFor="new-folder" className="block text-sm font-medium">
            Folder name
          </label>
          <input id="new-folder" name="name" required maxLength={100} className={smallFieldClass} />
          <button type="submit" disabled={!can(role, 'create') || busy} className={`${primaryButtonClass} mt-3`}>
            New Folder
          </button>
        </Form>

        <UploadForm
          folder={typeof filters.folder === 'number' ? filters.folder : null}
          disabled={!can(role, 'create')}
        />
      </div>

      <Form method="post" id="media-bulk" aria-label="Selected files" className="space-y-4">
        <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border bg-white p-4">
          <legend className="px-1 text-sm font-semibold">With the selected files</legend>
          <p className="text-sm font-medium" aria-live="polite">
            {selected.size} selected
          </p>
          {hydrated ? (
            <>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setSelected(new Set(media.map((m) => m.id)))}
              >
                Select all
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setSelected(new Set())}>
                Select none
              </button>
            </>
          ) : (
            <>
              <Link to={withParams({ select: 'all' })} className={secondaryButtonClass}>
                Select all
              </Link>
              <Link to={withParams({ select: null })} className={secondaryButtonClass}>
                Select none
              </Link>
            </>
          )}
          <div>
            <label htmlFor="move-folder" className="block text-sm font-medium">
              Move to folder
            </label>
            <FolderSelect id="move-folder" folders={folders} defaultValue={''} />
          </div>
          <button
            type="submit"
            name="intent"
            value="move"
            disabled={!can(role, 'edit') || busy}
            className={primaryButtonClass}
          >
            Move
          </button>
          <div>
            <label htmlFor="bulk-tags" className="block text-sm font-medium">
              Tags (comma-separated)
            </label>
            <input id="bulk-tags" name="tags" maxLength={2000} className={smallFieldClass} />
          </div>
          <button
            type="submit"
            name="intent"
            value="tags"
            disabled={!can(role, 'edit') || busy}
            className={primaryButtonClass}
          >
            Set tags
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={!can(role, 'delete') || busy}
            className={secondaryButtonClass}
          >
            Delete selected
          </button>
        </fieldset>

        {media.length === 0 ? (
          <p className="rounded-lg border bg-white p-8 text-center text-slate-700">
            {filters.q || filters.folder !== undefined ? 'No files match.' : 'No media yet. Upload some images.'}
          </p>
        ) : filters.view === 'grid' ? (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {media.map((m) => (
              <li key={m.id} className="flex flex-col rounded-lg border bg-white p-3">
                <MediaThumbnail url={m.url} className="aspect-square w-full" />
                <label className="mt-2 flex items-start gap-2 text-sm font-medium break-all">
                  <input
                    type="checkbox"
                    name="ids"
                    value={m.id}
                    checked={selected.has(m.id)}
                    aria-label={`Select ${m.file_name}`}
                    onChange={(event) => toggle(m.id, event.target.checked)}
                    className="mt-1"
                  />
                  {m.file_name}
                </label>
                <p className="text-xs text-slate-700">
                  {m.width}×{m.height} · {formatBytes(m.file_size)}
                  {m.folder_id ? ` · ${folderName.get(m.folder_id) ?? ''}` : ''}
                </p>
                {m.tags.length ? <p className="text-xs text-slate-700">Tags: {m.tags.join(', ')}</p> : null}
                <div className="mt-auto flex gap-2 pt-2 text-sm">
                  <Link to={`/admin/media/${m.id}`} className="font-medium text-slate-900 underline">
                    Edit<span className="sr-only"> {m.file_name}</span>
                  </Link>
                  <DeleteButton id={m.id} fileName={m.file_name} disabled={!can(role, 'delete') || busy} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto rounded-lg border bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className="p-3">
                    <span className="sr-only">Selected</span>
                  </th>
                  <th scope="col" className="p-3">
                    File
                  </th>
                  <th scope="col" className="p-3">
                    Size
                  </th>
                  <th scope="col" className="p-3">
                    Folder
                  </th>
                  <th scope="col" className="p-3">
                    Tags
                  </th>
                  <th scope="col" className="p-3">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {media.map((m) => (
                  <tr key={m.id} className="border-t">
                    <td className="p-3">
                      <input
                        type="checkbox"
                        name="ids"
                        value={m.id}
                        aria-label={`Select ${m.file_name}`}
                        checked={selected.has(m.id)}
                        onChange={(event) => toggle(m.id, event.target.checked)}
                      />
                    </td>
                    <td className="flex items-center gap-3 p-3">
                      <MediaThumbnail url={m.url} className="h-12 w-12" />
                      <span className="break-all">{m.file_name}</span>
                    </td>
                    <td className="p-3 whitespace-nowrap">
                      {m.width}×{m.height} · {formatBytes(m.file_size)}
                    </td>
                    <td className="p-3">{m.folder_id ? folderName.get(m.folder_id) : '—'}</td>
                    <td className="p-3">{m.tags.join(', ') || '—'}</td>
                    <td className="p-3 whitespace-nowrap">
                      <Link to={`/admin/media/${m.id}`} className="mr-3 font-medium underline">
                        Edit<span className="sr-only"> {m.file_name}</span>
                      </Link>
                      <DeleteButton id={m.id} fileName={m.file_name} disabled={!can(role, 'delete') || busy} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Form>

      {/* One small form per file, outside the bulk form (forms cannot nest); each card's button submits its own. */}
      {media.map((m) => (
        <Form key={m.id} method="post" id={`delete-media-${m.id}`} hidden>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="ids" value={m.id} />
        </Form>
      ))}
    </div>
  )
}

function DeleteButton({ id, fileName, disabled }: { id: number; fileName: string; disabled: boolean }) {
  return (
    <button
      type="submit"
      form={`delete-media-${id}`}
      disabled={disabled}
      className="font-medium text-red-800 underline disabled:cursor-not-allowed disabled:opacity-50"
    >
      Delete<span className="sr-only"> {fileName}</span>
    </button>
  )
}
