import type { SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { REVIEW_DIALOG_FAILED } from '#app/schemas/review.ts'
import { useModalDialog } from '#app/utils/use-modal-dialog.ts'
import { formErrorsOf } from './forms.tsx'
import { ReviewForm } from './review-form.tsx'
import { Toaster, type ToastMessage } from './toaster.tsx'

/**
 * With JavaScript, "Write a Review" opens a modal <dialog> (docs/decisions/050: focus in the name field and kept
 * inside, Escape closes, focus back on the button). Its form is drawn when the dialog first opens, not with the
 * page: the product page is the busiest uncached page (docs/decisions/032, 035), and without JavaScript the
 * dialog cannot open (the link shows the form in the page). Closing keeps what was typed until it is sent.
 */
export function useReviewDialog() {
  const ref = useRef<HTMLDialogElement>(null)
  const [opened, setOpened] = useState(false)
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  useModalDialog(ref, { open, onDismiss: close })
  return {
    ref,
    opened,
    close,
    open(event: MouseEvent) {
      event.preventDefault()
      setOpened(true)
      setOpen(true)
    },
  }
}

export function ReviewDialog({ dialog }: { dialog: ReturnType<typeof useReviewDialog> }) {
  return (
    <dialog
      ref={dialog.ref}
      aria-labelledby="review-dialog-heading"
      className="m-auto w-full max-w-lg rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="review-dialog-heading" className="mb-4 text-xl font-bold">
        Write a Review
      </h2>
      {dialog.opened ? <DialogForm close={dialog.close} /> : null}
    </dialog>
  )
}

/**
 * The dialog's form posts through a fetcher. Success redirects back with the toast; the dialog then closes
 * and its form resets. A failure keeps it open with what was typed and the messages; one the visitor cannot
 * fix in a field also shows SPEC §8's toast, inside the dialog so that it is above the backdrop and announced.
 */
function DialogForm({ close }: { close: () => void }) {
  const fetcher = useFetcher<SubmissionResult<string[]>>()
  const [formKey, setFormKey] = useState(0)
  const [settled, setSettled] = useState<unknown>(undefined)
  // A refused review answers with a reply; a stored one redirects and leaves the data as it was.
  const dataAtSubmit = useRef<{ value: unknown } | null>(null)
  useEffect(() => {
    if (fetcher.state === 'submitting' && !dataAtSubmit.current) dataAtSubmit.current = { value: fetcher.data }
    if (fetcher.state !== 'idle' || !dataAtSubmit.current) return
    const succeeded = fetcher.data === dataAtSubmit.current.value
    dataAtSubmit.current = null
    if (succeeded) {
      close()
      setSettled(fetcher.data) // what the last refusal said no longer applies
      setFormKey((key) => key + 1)
    }
  }, [fetcher.state, fetcher.data, close])
  const reply = fetcher.data === settled ? undefined : fetcher.data
  const toast = useMemo((): ToastMessage | null => {
    const message = formErrorsOf(reply)?.[0]
    return message ? { type: 'error', title: REVIEW_DIALOG_FAILED, description: message } : null
  }, [reply])
  return (
    <>
      <ReviewForm
        key={formKey}
        id="review-dialog"
        FormComponent={fetcher.Form}
        lastResult={reply}
        pending={fetcher.state !== 'idle'}
        onCancel={close}
      />
      {/* Always drawn: a live region announces changes, not what arrives together with it. */}
      <Toaster toast={toast} />
    </>
  )
}
