import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormAlert } from '#app/components/admin/auth-page.tsx'
import { FolderSelect, formatBytes, MediaThumbnail } from '#app/components/admin/media.tsx'
import { primaryButtonClass, smallFieldClass } from '#app/components/admin/styles.ts'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { Link } from '#app/components/link.tsx'
import { deleteMedia, MediaInUseError, StorageError } from '#app/lib/media.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can, type Permission } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import { getFolder, getMedia, listFolders, updateMediaDetails } from '#app/models/media.server.ts'
import { AltSchema, FolderRefSchema, TagsSchema } from '#app/schemas/media.ts'
import { parseId } from '#app/schemas/params.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { db } from '#db/client.ts'

// /admin/media/{id}: one file's alt text, tags and folder, and its delete button.

function mediaId(params: { id?: string }): number {
  const id = parseId(params.id)
  invariantResponse(id !== null, 'Not Found', { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const id = mediaId(params)
  const [media, folders] = await Promise.all([getMedia(db, id), listFolders(db)])
  invariantResponse(media, 'Not Found', { status: 404 })
  return { media: { ...media, created_at: media.created_at.toISOString() }, folders }
}

const INTENTS: Record<string, Permission> = { update: 'edit', delete: 'delete' }

type Failure = { title: string; message: string }
const fail = (title: string, message: string, status: number) => data<Failure>({ title, message }, { status })

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePanelUser(request, 'view')
  const formData = await readFormData(request, 16 * 1024)
  if (!formData) return fail('Update failed', 'The form is too large.', 413)
  const intent = String(formData.get('intent') ?? '')
  const need = INTENTS[intent]
  if (!need) return fail('Update failed', 'Unknown action.', 400)
  const user = await requirePanelUser(request, need)
  const id = mediaId(params)

  if (intent === 'delete') {
    let deleted: boolean
    try {
      deleted = await deleteMedia(user.id, id)
    } catch (error) {
      if (error instanceof MediaInUseError) return fail('Delete failed', error.message, 409)
      if (!(error instanceof StorageError)) throw error
      return fail('Delete failed', 'The file could not be removed from storage and was kept; try again.', 502)
    }
    if (!deleted) return fail('Delete failed', 'This file does not exist.', 404)
    return redirectWithToast('/admin/media', { title: 'Media deleted successfully' }, { status: 303 })
  }

  const alt = AltSchema.safeParse(formData.get('alt') ?? '')
  const tags = TagsSchema.safeParse(formData.get('tags') ?? '')
  const folder = FolderRefSchema.safeParse(formData.get('folder') ?? '')
  const problem = [alt, tags].find((result) => !result.success)?.error?.issues[0]?.message
  if (problem || !alt.success || !tags.success) return fail('Update failed', problem ?? 'Invalid value.', 400)
  if (!folder.success || (folder.data !== null && !(await getFolder(db, folder.data)))) {
    return fail('Update failed', 'That folder does not exist.', 404)
  }
  const updated = await db.transaction().execute(async (trx) => {
    const before = await getMedia(trx, id)
    if (!before) return null
    const after = { alt: alt.data, tags: tags.data, folder_id: folder.data }
    await updateMediaDetails(trx, id, after)
    await writeAudit(trx, {
      actorId: user.id,
      entityType: 'MEDIA',
      entityId: id,
      action: 'UPDATE',
      diff: changedFields(before, after),
    })
    return after
  })

  if (!updated) return fail('Update failed', 'This file does not exist.', 404)
  return redirectWithToast(`/admin/media/${id}`, { title: 'Media updated successfully' }, { status: 303 })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.media.file_name ?? 'Media'} | Admin` },
]

export default function MediaDetails() {
  const { media, folders } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  const { role } = usePanelUser()
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="space-y-6">
      <Link to="/admin/media" className="font-medium underline">
        Back to Media
      </Link>
      <h1 className="text-3xl font-bold break-all">{media.file_name}</h1>
      {failure ? <FormAlert title={failure.title} message={failure.message} /> : null}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-lg border bg-white p-4">
          <MediaThumbnail url={media.url} className="max-h-96 w-full" />
          <dl className="mt-3 grid grid-cols-2 gap-1 text-sm">
            <dt className="font-medium">Dimensions</dt>
            <dd>
              {media.width}×{media.height}
            </dd>
            <dt className="font-medium">Size</dt>
            <dd>{formatBytes(media.file_size)}</dd>
            <dt className="font-medium">Type</dt>
            <dd>{media.mime_type}</dd>
            <dt className="font-medium">URL</dt>
            <dd className="break-all">{media.url}</dd>
          </dl>
        </div>
        <div className="space-y-6">
          <Form method="post" className="space-y-4 rounded-lg border bg-white p-4">
            <div>
              <label htmlFor="alt" className="block text-sm font-medium">
                Alt text
              </label>
              <input id="alt" name="alt" defaultValue={media.alt ?? ''} maxLength={500} className={smallFieldClass} />
            </div>
            <div>
              <label htmlFor="tags" className="block text-sm font-medium">
                Tags (comma-separated)
              </label>
              <input id="tags" name="tags" defaultValue={media.tags.join(', ')} className={smallFieldClass} />
            </div>
            <div>
              <label htmlFor="folder" className="block text-sm font-medium">
                Folder
              </label>
              <FolderSelect id="folder" folders={folders} defaultValue={media.folder_id ?? ''} />
            </div>
            <button
              type="submit"
              name="intent"
              value="update"
              disabled={!can(role, 'edit') || busy}
              className={primaryButtonClass}
            >
              Save
            </button>
          </Form>
          <Form method="post" className="rounded-lg border bg-white p-4">
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={!can(role, 'delete') || busy}
              className="rounded-md border border-red-800 px-3 py-2 text-sm font-semibold text-red-800 disabled:cursor-not-allowed disabled:opacity-50"
            >
              Delete this file
            </button>
          </Form>
        </div>
      </div>
    </div>
  )
}
