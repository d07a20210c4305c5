import { useNavigate } from '@remix-run/react'
import { useRef, type ReactNode } from 'react'
import { clickedBeside, useModalDialog } from '#app/utils/use-modal-dialog.ts'

const PLACEMENT = {
  center:
    'm-auto w-full max-w-lg rounded-lg border border-slate-200 p-6 shadow-xl [&:not(:modal)]:static [&:not(:modal)]:mx-auto [&:not(:modal)]:my-6',
  // The product edit panel: the right edge, full height, over the list (SPEC §2 "side panel").
  side: 'motion-safe:animate-slide-in fixed inset-y-0 right-0 left-auto z-40 m-0 h-full max-h-none w-full max-w-2xl overflow-y-auto p-6 shadow-xl',
}

/**
 * A panel dialog reached by a link (`?new`, `?edit=1`, `?delete=1`, `/admin/products/{id}`). The server renders it
 * open, so it works without JavaScript; with JavaScript it is modal (docs/decisions/050: focus in its first field
 * or on `data-autofocus`, kept inside, Escape closes, focus back on the link that opened it), and closing it goes
 * back to `closeTo`, unless `confirmClose` (unsaved changes) says to stay. A side panel also closes on a click
 * beside it, as the public menu does.
 */
export function PanelDialog({
  labelledBy,
  describedBy,
  closeTo,
  confirmClose = () => true,
  alert = false,
  placement = 'center',
  children,
}: {
  labelledBy: string
  describedBy?: string
  closeTo: string
  confirmClose?: () => boolean
  alert?: boolean
  placement?: keyof typeof PLACEMENT
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const dismiss = () => {
    if (confirmClose()) navigate(closeTo, { preventScrollReset: true })
  }
  useModalDialog(ref, { open: true, onDismiss: dismiss })
  return (
    // The backdrop click is the pointer's shortcut for Escape and the Close button, which the keyboard has.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      open
      onClick={(event) => {
        if (placement === 'side' && clickedBeside(event)) dismiss()
      }}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={`${PLACEMENT[placement]} bg-white text-slate-900 backdrop:bg-slate-900/50`}
    >
      {children}
    </dialog>
  )
}
