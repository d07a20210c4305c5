import { Form } from '@remix-run/react'
import { Options } from '#app/components/form-fields.tsx'
import { secondaryButtonClass, smallFieldClass } from './styles.ts'

type Folder = { id: number; name: string }

/** Search and folder filter: a GET form, nothing to refuse. */
export function MediaFilters({
  view,
  q,
  folder,
  folders,
}: {
  view: string
  q: string
  folder: number | 'none' | undefined
  folders: readonly Folder[]
}) {
  return (
    <Form method="get" role="search" aria-label="Search media" className="rounded-lg border bg-white p-4">
      <input type="hidden" name="view" value={view} />
      <label htmlFor="media-q" className="block text-sm font-medium">
        Search
      </label>
      <input
        id="media-q"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="File name or alt text"
        className={smallFieldClass}
      />
      <label htmlFor="media-folder-filter" className="mt-3 block text-sm font-medium">
        Folder
      </label>
      <select
        id="media-folder-filter"
        name="folder"
        defaultValue={folder === undefined ? '' : String(folder)}
        className={smallFieldClass}
      >
        <option value="">All folders</option>
        <option value="none">No folder</option>
        <Options options={folders.map(({ id, name }) => ({ value: id, label: name }))} />
      </select>
      <button type="submit" className={`${secondaryButtonClass} mt-3`}>
        Search
      </button>
    </Form>
  )
}
