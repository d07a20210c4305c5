import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'
import { PanelDialog } from './panel-dialog.tsx'
import { rowButton } from './styles.ts'

/**
 * The panel's delete dialog, reached by `?delete`: Confirm posts intent=delete (with the id, when the address does not
 * name the thing already) back to `action`; Cancel, focused first, goes back there.
 */
export function DeleteDialog({
  title,
  description,
  action,
  id,
  disabled,
}: {
  title: string
  description: ReactNode
  action: string
  id?: number
  disabled?: boolean
}) {
  return (
    <PanelDialog alert labelledBy="delete-dialog-title" describedBy="delete-dialog-description" closeTo={action}>
      <h2 id="delete-dialog-title" className="text-xl font-bold">
        {title}
      </h2>
      <p id="delete-dialog-description" className="mt-2 text-slate-700">
        {description}
      </p>
      <Form method="post" action={action} className="mt-6 flex gap-3">
        <input type="hidden" name="intent" value="delete" />
        {id === undefined ? null : <input type="hidden" name="id" value={id} />}
        <button type="submit" className={rowButton.danger} disabled={disabled}>
          Confirm
        </button>
        <Link to={action} data-autofocus preventScrollReset className={rowButton.secondary}>
          Cancel
        </Link>
      </Form>
    </PanelDialog>
  )
}
