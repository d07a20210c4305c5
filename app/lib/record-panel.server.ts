import { invariantResponse } from '@epic-web/invariant'
import type { RecordDialog, RecordPanel } from '#app/components/admin/record-list.tsx'
import { parseId } from '#app/schemas/params.ts'
import { can, type Role } from './permissions.ts'

/**
 * The dialog a record list's address opens (?new, ?edit=id, ?delete=id) and the record it is about (`get`), for
 * app/components/admin/record-list.tsx. A form the role cannot use is not offered, whatever the address says; a
 * malformed id, or one `get` finds nothing for, is a 404 with `notFound`.
 */
export async function readRecordPanel<Item>(
  url: URL,
  role: Role,
  get: (id: number) => Promise<Item | undefined>,
  notFound: string,
): Promise<RecordDialog<Item>> {
  let panel: RecordPanel | null = null
  if (url.searchParams.has('new') && can(role, 'create')) panel = { mode: 'new' }
  for (const mode of ['edit', 'delete'] as const) {
    if (!url.searchParams.has(mode) || !can(role, mode)) continue
    const id = parseId(url.searchParams.get(mode))
    invariantResponse(id !== null, notFound, { status: 404 })
    panel = { mode, id }
  }
  if (!panel || panel.mode === 'new') return { panel, target: null }
  const target = await get(panel.id)
  invariantResponse(target, notFound, { status: 404 })
  return { panel, target }
}
