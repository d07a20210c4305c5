import { useEffect, useRef, type MouseEvent, type RefObject } from 'react'

/**
 * The one behaviour of every modal dialog and panel (docs/decisions/050). While `open`, the <dialog> is modal
 * (showModal: the rest of the page is inert, so Tab stays inside and screen readers see only the dialog) and
 * focus starts in its first visible field, or on the control marked `data-autofocus`. Escape asks `onDismiss`,
 * which decides: it may close, or keep the dialog (unsaved changes the visitor wants to keep). When it closes,
 * or leaves the page still open (a route's panel after a save), focus goes back to what opened it.
 *
 * Escape is taken at its keydown, before the browser's own close request: Chromium lets a page refuse that request
 * only once between two user activations, and Escape is not one, so a second Escape would close the dialog past
 * the question and lose what was typed.
 */
export function useModalDialog(
  ref: RefObject<HTMLDialogElement>,
  { open, onDismiss }: { open: boolean; onDismiss: () => void },
) {
  const opener = useRef<HTMLElement | null>(null)
  const dismiss = useRef(onDismiss)
  dismiss.current = onDismiss

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.matches(':modal')) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && !dialog.contains(active) ? active : null
      // A dialog the server drew open (so that it works without JavaScript) must be closed for showModal().
      dialog.removeAttribute('open')
      dialog.showModal()
      firstField(dialog)?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      returnFocus(opener.current)
    }
  }, [open, ref])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !dialog.matches(':modal')) return
      // A dialog inside this one (the media picker in the product panel) answers its own Escape.
      if (event.target instanceof Element && event.target.closest('dialog') !== dialog) return
      event.preventDefault()
      dismiss.current()
    }
    // Other close requests (a phone's back gesture) ask the same question.
    const onCancel = (event: Event) => {
      if (event.target !== dialog) return
      event.preventDefault()
      dismiss.current()
    }
    dialog.addEventListener('keydown', onKeyDown)
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('keydown', onKeyDown)
      dialog.removeEventListener('cancel', onCancel)
      // Unmounted while open (a route's panel, gone after its save): the node is out of the page, so focus was lost.
      if (dialog.open) returnFocus(opener.current)
    }
  }, [ref])
}

/** The first field a visitor can type in, else the marked control; null leaves showModal()'s own choice. */
function firstField(dialog: HTMLDialogElement): HTMLElement | null {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]')
  if (marked) return marked
  const fields = dialog.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
    'input:not([type="hidden"]), select, textarea',
  )
  return [...fields].find((field) => !field.disabled && field.checkVisibility({ visibilityProperty: true })) ?? null
}

function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected) opener.focus({ preventScroll: true })
}

/**
 * Whether a click on a dialog fell on its backdrop: the backdrop is the dialog's own box to events, and the
 * dialogs that close this way (side panels) are filled by their content inside their edges.
 */
export function clickedBeside(event: MouseEvent<HTMLDialogElement>): boolean {
  const box = event.currentTarget.getBoundingClientRect()
  const { clientX: x, clientY: y } = event
  return event.target === event.currentTarget && (x < box.left || x > box.right || y < box.top || y > box.bottom)
}
