import { parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { mediaErrorBoundary, UploadForm } from '#app/components/admin/media.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { Link } from '#app/components/link.tsx'
import { attempt, invalid, refuse, replyWith } from '#app/lib/form-reply.server.ts'
import { parseUpload, UploadError } from '#app/lib/media-upload.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { FolderRefSchema, NO_FILES, uploaded, UploadFieldsSchema } from '#app/schemas/media.ts'
import { uploadMedia, type UploadOutcome } from '#app/services/media.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'

// /admin/media/upload: the upload form's target (docs/decisions/018). Its own route, so that the permission
// check runs before a byte of the multipart body is read. Without JavaScript, refusals are shown on this page.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const folder = FolderRefSchema.safeParse(requestUrl(request).searchParams.get('folder') ?? '')
  return { folder: folder.success ? folder.data : null }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'create')
  const upload = await parseUpload(request).catch((error: unknown) => {
    if (error instanceof UploadError) return error
    throw error
  })
  if (upload instanceof UploadError) return refuse(upload.message, upload.status)
  const submission = parseWithZod(upload.fields, { schema: UploadFieldsSchema })
  if (submission.status !== 'success') return invalid(submission)
  if (upload.files.length === 0) return invalid(submission, { files: [NO_FILES] })

  const folderId = submission.value.folder
  const back = `/admin/media${folderId ? `?folder=${folderId}` : ''}`
  // The files that pass their checks go in; the reply names the others (SPEC §9), beside how many went in.
  let outcome: UploadOutcome | undefined
  const stored = await attempt(submission, async () => {
    outcome = await uploadMedia(user.id, upload.files, folderId)
    const description = outcome.uploaded > 1 ? `${outcome.uploaded} files uploaded` : undefined
    return redirectWithToast(back, { title: 'File uploaded successfully', description })
  })
  const refused = outcome as UploadOutcome | undefined // set by the write, unless it failed
  if (!refused?.problems.length) return stored
  const formErrors = refused.uploaded ? [uploaded(refused.uploaded)] : []
  return replyWith(submission.reply({ formErrors, fieldErrors: { files: refused.problems } }), refused.status)
}

export const meta: MetaFunction = () => [{ title: 'Upload media | Admin' }]

export default function UploadPage() {
  const { folder } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">Upload media</h1>
      <UploadForm folder={folder} disabled={!can(role, 'create')} lastResult={reply} />
      <Link to="/admin/media" className="font-medium underline">
        Back to Media
      </Link>
    </div>
  )
}

export const ErrorBoundary = mediaErrorBoundary()
