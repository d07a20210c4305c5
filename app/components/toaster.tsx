import { useEffect, useState } from 'react'

export interface ToastMessage {
  type: 'success' | 'error'
  title: string
  description?: string
}

/**
 * Shows a toast: server-rendered (so it works without JavaScript) in a live region; with JavaScript it can
 * be dismissed and leaves by itself after a few seconds. A new toast object shows again.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState(toast)
  useEffect(() => {
    setVisible(toast)
    if (!toast) return
    const timer = setTimeout(() => setVisible(null), 6_000)
    return () => clearTimeout(timer)
  }, [toast])

  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed right-4 bottom-4 z-50 w-80 max-w-[90vw]">
      {visible ? (
        <div
          className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${
            visible.type === 'error'
              ? 'border-red-700 bg-red-50 text-red-900'
              : 'border-green-700 bg-green-50 text-green-900'
          }`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{visible.title}</p>
              {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
            </div>
            <button type="button" onClick={() => setVisible(null)} className="text-sm font-medium underline">
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
    </div>
  )
}
