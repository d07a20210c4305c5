import { Form } from '@remix-run/react'
import { Pagination } from '#app/components/pagination.tsx'
import { AdminTable } from './admin-table.tsx'
import { FilterSelect } from './filter-field.tsx'
import { PanelCard } from './panel-card.tsx'
import { cellClass, selectClass, smallButtonClass } from './settings-table.tsx'

export interface AuditEntry {
  id: string
  when: string
  actor: string | null
  entity: string
  action: string
  changes: string[]
}

/** The audit trail on /admin/settings, newest first, filtered by entity and actor (a GET form) and paged. */
export function AuditSection({
  audit,
  filter,
  actors,
  entities,
}: {
  audit: { total: number; page: number; pageCount: number; entries: AuditEntry[] }
  filter: { entity: string; actor: string }
  actors: { id: number; email: string }[]
  entities: readonly string[]
}) {
  return (
    <PanelCard id="audit-heading" title="Audit log">
      <Form method="get" aria-label="Filter the audit log" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="audit-entity"
          name="entity"
          label="Entity"
          value={filter.entity}
          options={entities.map((entity) => [entity, entity] as const)}
          all="All entities"
          className={`mt-1 block ${selectClass}`}
        />
        <FilterSelect
          id="audit-actor"
          name="actor"
          label="Actor"
          value={filter.actor}
          options={actors.map((actor) => [actor.id, actor.email] as const)}
          all="All actors"
          className={`mt-1 block ${selectClass}`}
        />
        <button type="submit" className={smallButtonClass}>
          Filter
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">
        {audit.total === 1 ? '1 entry' : `${audit.total.toLocaleString('en-US')} entries`}
      </p>
      {audit.entries.length > 0 ? <AuditTable entries={audit.entries} /> : null}
      <Pagination page={audit.page} pageCount={audit.pageCount} />
    </PanelCard>
  )
}

const COLUMNS = ['Time', 'Actor', 'Entity', 'Action', 'Changes']

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <AdminTable caption="Audit log, newest first" headings={COLUMNS} className="mt-2">
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-slate-100">
          <td className={`${cellClass} whitespace-nowrap`}>{entry.when}</td>
          <td className={cellClass}>{entry.actor ?? '—'}</td>
          <td className={cellClass}>{entry.entity}</td>
          <td className={cellClass}>{entry.action}</td>
          <td className={`${cellClass} font-mono text-xs break-all`}>
            {entry.changes.map((line, index) => (
              <div key={index}>{line}</div>
            ))}
          </td>
        </tr>
      ))}
    </AdminTable>
  )
}
