import type { ReactNode } from 'react'
import { AdminTable } from './admin-table.tsx'
import type { LibraryFile } from './media-library.tsx'
import { MediaThumbnail } from './media.tsx'

// The media library's two views of its files, each drawing a file's parts as the library gives them.

/** A file's parts as both views show them: its checkbox, size, folder and row actions. */
export interface FileParts {
  select: ReactNode
  size: string
  folder: string
  actions: ReactNode
}

type ViewProps = { media: readonly LibraryFile[]; row: (file: LibraryFile) => FileParts }

export function MediaGrid({ media, row }: ViewProps) {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {media.map((m) => {
        const { select, size, folder, actions } = row(m)
        return (
          <li key={m.id} className="flex flex-col rounded-lg border bg-white p-3">
            <MediaThumbnail url={m.url} className="aspect-square w-full" />
            <label className="mt-2 flex items-start gap-2 text-sm font-medium break-all">
              {select}
              {m.file_name}
            </label>
            <p className="text-xs text-slate-700">{folder ? `${size} · ${folder}` : size}</p>
            {m.tags.length ? <p className="text-xs text-slate-700">Tags: {m.tags.join(', ')}</p> : null}
            <div className="mt-auto flex gap-3 pt-2 text-sm">{actions}</div>
          </li>
        )
      })}
    </ul>
  )
}

const HEADINGS = [{ hidden: 'Selected' }, 'File', 'Size', 'Folder', 'Tags', 'Actions']

export function MediaTable({ media, row }: ViewProps) {
  return (
    <AdminTable caption="Media files" headings={HEADINGS}>
      {media.map((m) => {
        const { select, size, folder, actions } = row(m)
        return (
          <tr key={m.id} className="border-t">
            <td className="p-3">{select}</td>
            <td className="flex items-center gap-3 p-3">
              <MediaThumbnail url={m.url} className="h-12 w-12" />
              <span className="break-all">{m.file_name}</span>
            </td>
            <td className="p-3 whitespace-nowrap">{size}</td>
            <td className="p-3">{folder || '—'}</td>
            <td className="p-3">{m.tags.join(', ') || '—'}</td>
            <td className="p-3 whitespace-nowrap">{actions}</td>
          </tr>
        )
      })}
    </AdminTable>
  )
}
