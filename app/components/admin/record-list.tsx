import type { SubmissionResult } from '@conform-to/react'
import { useActionData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { firstErrorOf, FormErrors, intentOf } from '#app/components/forms.tsx'
import { ActionLink } from './action-link.tsx'
import { PanelDialog } from './panel-dialog.tsx'
import type { RecordFormProps } from './slugged-record-form.tsx'
import { rowButton } from './styles.ts'

// The parts of a panel page that lists records (categories, comparison tables; the guides' list takes its heading):
// the heading with its add link, and the add and edit dialogs, each reached by a link (?new, ?edit=id), so all of it
// works without JavaScript; with it they open as modal dialogs.

/** The dialog the address opens, as the loader allowed it (app/lib/record-panel.server.ts). */
export type RecordPanel = { mode: 'new' } | { mode: 'edit' | 'delete'; id: number }

/** The open dialog and the record it is about (none for "new"). */
export interface RecordDialog<Item> {
  panel: RecordPanel | null
  target: Item | null
}

/** "Add Category" for "category". */
const addLabelOf = (noun: string) => `Add ${noun.charAt(0).toUpperCase()}${noun.slice(1)}`

/** A list page's heading, and the link to its add form (a disabled button for a role that may not add). */
export function RecordListHeading({
  title,
  addLabel,
  addTo,
  allowed,
}: {
  title: string
  addLabel: string
  addTo: string
  allowed: boolean
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-3xl font-bold">{title}</h1>
      <ActionLink allowed={allowed} to={addTo} className={rowButton.primary}>
        {addLabel}
      </ActionLink>
    </div>
  )
}

/**
 * The add and edit dialogs, and what a refused write answers: a refused add or edit inside its dialog, every other
 * refusal above the list, titled by its intent (`failed`) or as "Failed to save {noun}". The reply is the page's
 * action's.
 */
export function RecordFormDialogs<Item extends { id: number; name: string }>({
  noun,
  dialog: { panel, target },
  failed,
  href,
  form,
}: {
  noun: string
  dialog: RecordDialog<Item>
  failed: Readonly<{ [intent: string]: string }>
  /** The list's address, with `extra` (as `edit=1`) added to its query. */
  href: (extra?: string) => string
  form: (props: RecordFormProps & { record?: Item }) => ReactNode
}) {
  const reply = useActionData<SubmissionResult<string[]>>()
  const replied = intentOf(reply)
  const formShown = (panel?.mode === 'new' && replied === 'create') || (panel?.mode === 'edit' && replied === 'update')
  const titleId = `${noun}-dialog-title`
  const list = href()
  return (
    <>
      {formShown ? null : (
        <FormErrors
          errors={firstErrorOf(reply)}
          title={replied !== null && Object.hasOwn(failed, replied) ? failed[replied] : `Failed to save ${noun}`}
        />
      )}
      {panel?.mode === 'new' ? (
        <PanelDialog labelledBy={titleId} closeTo={list}>
          <h2 id={titleId} className="mb-4 text-xl font-bold">
            {addLabelOf(noun)}
          </h2>
          {form({ action: href('new'), cancelTo: list, lastResult: replied === 'create' ? reply : undefined })}
        </PanelDialog>
      ) : null}
      {panel?.mode === 'edit' && target ? (
        <PanelDialog labelledBy={titleId} closeTo={list}>
          <h2 id={titleId} className="mb-4 text-xl font-bold">
            Edit {target.name}
          </h2>
          {form({
            record: target,
            action: href(`edit=${target.id}`),
            cancelTo: list,
            lastResult: replied === 'update' ? reply : undefined,
          })}
        </PanelDialog>
      ) : null}
    </>
  )
}
