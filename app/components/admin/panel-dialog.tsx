import { useNavigate } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A panel dialog reached by a link (`?new`, `?edit=1`, `?delete=1`). The server renders it open, in the
 * page's flow, so it works without JavaScript; with JavaScript it becomes modal (focus moves in and stays,
 * Escape closes) and closing it goes back to `closeTo`. Mark the control to start on with `data-autofocus`.
 */
export function PanelDialog({
  labelledBy,
  describedBy,
  closeTo,
  alert = false,
  children,
}: {
  labelledBy: string
  describedBy?: string
  closeTo: string
  alert?: boolean
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    // showModal() refuses a dialog that is already open; dropping the attribute closes it without an event.
    dialog.removeAttribute('open')
    dialog.showModal()
    // A confirmation starts on its harmless choice rather than on the first button.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [])
  return (
    <dialog
      ref={ref}
      open
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={() => {
        // Still open: a close queued before it became modal, not the visitor closing it.
        if (ref.current?.open) return
        navigate(closeTo, { preventScrollReset: true })
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:static [&:not(:modal)]:mx-auto [&:not(:modal)]:my-6"
    >
      {children}
    </dialog>
  )
}
