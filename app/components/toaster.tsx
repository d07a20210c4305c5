import { useEffect, useId, useState } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'

export interface ToastMessage {
  type: 'success' | 'error'
  title: string
  description?: string
}

// Set once the first Toaster has hydrated: any Toaster mounted after that was not in the server's page.
let documentHydrated = false

// A screen reader announces a change inside a live region it already knows, not a region that arrives with its
// text: a toast goes into the (empty) region a moment after the region itself.
const ANNOUNCE_DELAY_MS = 100

// One toast on screen: the page has several Toasters (the root's, a signup box's, a dialog's), and a toast shown
// by one replaces whatever another shows, so "Invalid email" never sits on top of a later "Success!".
const toastShown = new EventTarget()

/**
 * Shows a toast in a live region that is always in the page, so a toast that arrives later (after a client
 * navigation or a fetcher) is announced once. A toast in the server's page is read as page content: the root
 * puts this first in the body. With JavaScript it can be dismissed and leaves by itself after a few seconds; a
 * new toast object shows again, and hides any other Toaster's.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  // Hydrating, the server's toast as it was; mounted later (in a dialog, after a refusal), the region first.
  const [visible, setVisible] = useState(() => (documentHydrated ? null : toast))
  // Without JavaScript a Dismiss button would do nothing, and be one more Tab stop before the skip link.
  const hydrated = useHydrated()
  const id = useId()
  useEffect(() => {
    const hideUnlessMine = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== id) setVisible(null)
    }
    toastShown.addEventListener('show', hideUnlessMine)
    return () => toastShown.removeEventListener('show', hideUnlessMine)
  }, [id])
  useEffect(() => {
    documentHydrated = true
    if (!toast) {
      setVisible(null)
      return
    }
    const show = setTimeout(() => {
      toastShown.dispatchEvent(new CustomEvent('show', { detail: id }))
      setVisible(toast)
    }, ANNOUNCE_DELAY_MS)
    const hide = setTimeout(() => setVisible(null), 6_000)
    return () => {
      clearTimeout(show)
      clearTimeout(hide)
    }
  }, [toast, id])

  // The Dismiss button is outside the region: its arrival on hydration must not announce the toast again.
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 w-80 max-w-[90vw]">
      <div
        className={
          visible
            ? `pointer-events-auto flex items-start justify-between gap-3 rounded-lg border p-4 shadow-lg ${
                visible.type === 'error'
                  ? 'border-red-700 bg-red-50 text-red-900'
                  : 'border-green-700 bg-green-50 text-green-900'
              }`
            : undefined
        }
      >
        <div role="status" aria-live="polite">
          {/* One element, so that its arrival is one change to the region. */}
          {visible ? (
            <div>
              <p className="font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
            </div>
          ) : null}
        </div>
        {visible && hydrated ? (
          <button type="button" onClick={() => setVisible(null)} className="text-sm font-medium underline">
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  )
}
