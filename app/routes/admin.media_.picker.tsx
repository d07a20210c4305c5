import { invariantResponse } from '@epic-web/invariant'
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { MediaPickerGrid, PickerSearch, useSelection } from '#app/components/admin/media-picker.tsx'
import { mediaErrorBoundary } from '#app/components/admin/media.tsx'
import { primaryButtonClass, secondaryButtonClass } from '#app/components/admin/styles.ts'
import { FormErrors } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { getMediaByIds, listMedia } from '#app/models/media.server.ts'
import { IdsSchema } from '#app/schemas/media.ts'
import { searchText } from '#app/schemas/params.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { safeAdminPath, withImages } from '#app/utils/return-to.ts'
import { db } from '#db/client.ts'

// /admin/media/picker?returnTo=/admin/products/12: the media picker as a page, for visitors without JavaScript
// (and the data source of MediaPickerDialog). "Confirm Selection" goes back to returnTo with the chosen files'
// URLs as repeated `images` parameters (docs/decisions/018). A GET form: choosing changes nothing.

const DEFAULT_RETURN = '/admin/products'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request, 'view')
  const url = requestUrl(request)
  const returnParam = url.searchParams.get('returnTo')
  const returnTo = returnParam === null ? DEFAULT_RETURN : safeAdminPath(returnParam)
  invariantResponse(returnTo, 'returnTo must be a page of the admin panel.', { status: 400 })
  const q = searchText(200).parse(url.searchParams.get('q') ?? undefined)
  const selectParams = url.searchParams.getAll('select')
  const ids = selectParams.length ? IdsSchema.safeParse(selectParams) : null
  invariantResponse(!ids || ids.success, 'Unknown file.', { status: 400 })
  const selectedIds = ids?.data ?? []

  const [media, chosen] = await Promise.all([listMedia(db, { q }), getMediaByIds(db, selectedIds)])
  invariantResponse(chosen.length === selectedIds.length, 'Some of the selected files do not exist.', { status: 404 })
  const byId = new Map(chosen.map((file) => [file.id, file]))
  const selected = selectedIds.map((id) => byId.get(id)!).map(({ id, url, file_name }) => ({ id, url, file_name }))

  const confirming = url.searchParams.has('confirm')
  if (confirming && selected.length > 0) {
    throw redirect(
      withImages(
        returnTo,
        selected.map((file) => file.url),
      ),
    )
  }
  return data(
    {
      returnTo,
      q,
      media: media.map(({ id, url, file_name }) => ({ id, url, file_name })),
      selected,
      error: confirming ? 'Select one or more files first.' : null,
    },
    { status: confirming ? 400 : 200, headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const meta: MetaFunction = () => [{ title: 'Choose images | Admin' }]

export default function PickerPage() {
  const { returnTo, q, media, selected, error } = useLoaderData<typeof loader>()
  const { selection, setSelection, toggle } = useSelection(selected)
  useEffect(() => setSelection(new Map(selected.map((file) => [file.id, file.url]))), [selected, setSelection])
  const shown = new Set(media.map((file) => file.id))
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Choose images</h1>
      <FormErrors errors={error ? [error] : null} title="Nothing selected" />
      <Form method="get" className="space-y-4">
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className="flex flex-wrap items-end gap-3">
          <PickerSearch name="q" defaultValue={q} />
          <button type="submit" className={secondaryButtonClass}>
            Search
          </button>
        </div>
        {/* Chosen files the search no longer shows stay chosen. */}
        {[...selection.keys()]
          .filter((id) => !shown.has(id))
          .map((id) => (
            <input key={id} type="hidden" name="select" value={id} />
          ))}
        <MediaPickerGrid media={media} name="select" isSelected={(id) => selection.has(id)} onToggle={toggle} />
        <div className="flex flex-wrap items-center gap-3">
          {/* Atomic: read as "3 selected", not as the bare number that changed. */}
          <p aria-live="polite" aria-atomic="true" className="text-sm font-medium">
            {selection.size} selected
          </p>
          <button type="submit" name="confirm" value="1" className={primaryButtonClass}>
            Confirm Selection
          </button>
          <Link to={returnTo} className="text-sm font-medium underline">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  )
}

export const ErrorBoundary = mediaErrorBoundary()
