import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UploadForm, UploadProblems, type UploadReply } from '#app/components/admin/media.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { Link } from '#app/components/link.tsx'
import { checkFile, parseUpload, UploadError } from '#app/lib/media-upload.server.ts'
import { StorageError, storeMedia } from '#app/lib/media.server.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { getFolder } from '#app/models/media.server.ts'
import { FolderRefSchema } from '#app/schemas/media.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// /admin/media/upload: the upload form's target (docs/decisions/018). Its own route, so that the permission
// check runs before a byte of the multipart body is read. Without JavaScript, refusals are shown on this page.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const folder = FolderRefSchema.safeParse(requestUrl(request).searchParams.get('folder') ?? '')
  return { folder: folder.success ? folder.data : null }
}

const refuse = (reply: UploadReply, status: number) => data(reply, { status })

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'create')
  let upload
  try {
    upload = await parseUpload(request)
  } catch (error) {
    if (error instanceof UploadError)
      return refuse({ title: 'Upload failed', problems: [error.message], uploaded: 0 }, error.status)
    throw error
  }

  const folderRef = FolderRefSchema.safeParse(upload.fields.folder ?? '')
  const folderId = folderRef.success ? folderRef.data : null
  if (!folderRef.success || (folderId !== null && !(await getFolder(db, folderId)))) {
    return refuse({ title: 'Upload failed', problems: ['That folder does not exist.'], uploaded: 0 }, 404)
  }
  if (upload.files.length === 0) {
    return refuse({ title: 'Upload failed', problems: ['Choose one or more images to upload.'], uploaded: 0 }, 400)
  }

  const checked = await Promise.all(upload.files.map(checkFile))
  const problems = checked.flatMap((file) => (file.ok ? [] : [file]))
  let uploaded = 0
  for (const file of checked) {
    if (!file.ok) continue
    try {
      await storeMedia(user.id, file, folderId)
      uploaded += 1
    } catch (error) {
      if (!(error instanceof StorageError)) throw error
      const message = `${file.name} could not be stored; try again.`
      return refuse({ title: 'Upload failed', problems: [message, ...problems.map((p) => p.message)], uploaded }, 502)
    }
  }

  const back = `/admin/media${folderId ? `?folder=${folderId}` : ''}`
  if (problems.length === 0) {
    return redirectWithToast(
      back,
      { title: 'File uploaded successfully', description: uploaded > 1 ? `${uploaded} files uploaded` : undefined },
      { status: 303 },
    )
  }
  const allTooLarge = problems.every((problem) => problem.reason === 'too-large')
  const allWrongType = problems.every((problem) => problem.reason === 'type')
  return refuse(
    {
      title: allTooLarge ? 'File too large' : 'Upload failed',
      problems: problems.map((problem) => problem.message),
      uploaded,
    },
    allTooLarge ? 413 : allWrongType ? 415 : 400,
  )
}

export const meta: MetaFunction = () => [{ title: 'Upload media | Admin' }]

export default function UploadPage() {
  const { folder } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const { role } = usePanelUser()
  return (
    <div className="max-w-xl space-y-6">
      <h1 className="text-3xl font-bold">Upload media</h1>
      {reply ? <UploadProblems reply={reply} /> : null}
      <UploadForm folder={folder} disabled={!can(role, 'create')} />
      <Link to="/admin/media" className="font-medium underline">
        Back to Media
      </Link>
    </div>
  )
}
