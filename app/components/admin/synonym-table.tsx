import { ActionLink } from './action-link.tsx'
import { AdminTable } from './admin-table.tsx'
import { rowButton } from './styles.ts'
import type { EditedSynonym } from './synonym-form.tsx'

/** One page of the collectors' words, each row with its Edit and Delete (disabled for a role that may not). */
export function SynonymTable({
  synonyms,
  total,
  filter,
  listHref,
  mayChange,
}: {
  synonyms: EditedSynonym[]
  total: number
  filter: string
  listHref: (extra?: string) => string
  mayChange: boolean
}) {
  if (synonyms.length === 0) {
    return <p className="mt-4 text-slate-700">{filter ? `No synonyms match "${filter}".` : 'No synonyms yet.'}</p>
  }
  const caption = `${total} ${total === 1 ? 'synonym' : 'synonyms'}${filter ? ` matching "${filter}"` : ''}`
  return (
    <>
      <p className="mt-4 text-sm text-slate-700">{caption}.</p>
      <AdminTable caption={caption} headings={['Words', 'Direction', 'Synonym', 'Actions']} className="mt-2">
        {synonyms.map((row) => (
          <tr key={row.id}>
            <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
              {row.words}
            </th>
            <td className="px-4 py-3 text-slate-700">{row.both_ways ? 'both ways' : 'one way'}</td>
            <td className="px-4 py-3 text-slate-900">{row.synonym}</td>
            <td className="px-4 py-3">
              <div className="flex gap-2">
                <ActionLink allowed={mayChange} to={listHref(`edit=${row.id}`)} className={rowButton.secondary}>
                  Edit<span className="sr-only"> {`${row.words} – ${row.synonym}`}</span>
                </ActionLink>
                <ActionLink allowed={mayChange} to={listHref(`delete=${row.id}`)} className={rowButton.danger}>
                  Delete<span className="sr-only"> {`${row.words} – ${row.synonym}`}</span>
                </ActionLink>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  )
}
