import { invariantResponse } from '@epic-web/invariant'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { MediaDetailsForms, MediaFacts } from '#app/components/admin/media-details.tsx'
import { mediaErrorBoundary } from '#app/components/admin/media.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { Link } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { writePanelForm } from '#app/lib/panel-form.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getMedia, listFolders } from '#app/models/media.server.ts'
import {
  MEDIA_GONE,
  MEDIA_MAX_BODY_BYTES,
  MediaDetailsActionSchema,
  type MediaDetailsAction,
} from '#app/schemas/media.ts'
import { parseId } from '#app/schemas/params.ts'
import { editMediaDetails, removeMedia } from '#app/services/media.server.ts'
import { db } from '#db/client.ts'

// /admin/media/{id}: one file's alt text, tags and folder, and its delete button.

function mediaId(params: { id?: string }): number {
  const id = parseId(params.id)
  invariantResponse(id !== null, MEDIA_GONE, { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const id = mediaId(params)
  const [media, folders] = await Promise.all([getMedia(db, id), listFolders(db)])
  invariantResponse(media, MEDIA_GONE, { status: 404 })
  return { media: { ...media, created_at: media.created_at.toISOString() }, folders }
}

const PERMISSIONS = { update: 'edit', delete: 'delete' } as const

export async function action({ request, params }: ActionFunctionArgs) {
  const options = { maxBytes: MEDIA_MAX_BODY_BYTES, permissions: PERMISSIONS }
  // The address's id is checked once the form is read (a 404 for none), as every panel check comes after sign-in.
  const write = (actorId: number, form: MediaDetailsAction) => writeMedia(actorId, mediaId(params), form)
  return writePanelForm(request, MediaDetailsActionSchema, options, write, { id: parseId(params.id) })
}

async function writeMedia(actorId: number, id: number, form: MediaDetailsAction) {
  switch (form.intent) {
    case 'update': {
      await editMediaDetails(actorId, id, { alt: form.alt, tags: form.tags, folder_id: form.folder })
      return redirectWithToast(`/admin/media/${id}`, { title: 'Media updated successfully' })
    }
    case 'delete': {
      await removeMedia(actorId, id)
      return redirectWithToast('/admin/media', { title: 'Media deleted successfully' })
    }
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.media.file_name ?? 'Media'} | Admin` },
]

export default function MediaDetails() {
  const { media, folders } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  return (
    <div className="space-y-6">
      <Link to="/admin/media" className="font-medium underline">
        Back to Media
      </Link>
      <h1 className="text-3xl font-bold break-all">{media.file_name}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <MediaFacts media={media} />
        <MediaDetailsForms
          media={media}
          folders={folders}
          may={{ edit: can(role, 'edit'), delete: can(role, 'delete') }}
          lastResult={reply}
        />
      </div>
    </div>
  )
}

export const ErrorBoundary = mediaErrorBoundary(MEDIA_GONE)
