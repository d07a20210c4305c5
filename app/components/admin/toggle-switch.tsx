import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { EnhancedMarker } from '#app/components/enhanced-marker.tsx'

/**
 * An on/off switch that is a POST form: it works without JavaScript (the page reloads), and with it the
 * switch flips at once while the fetcher saves (optimistic), settling on what the server answers.
 * A toggle button (aria-pressed), not role="switch": HTML allows that role only on a button that submits
 * nothing (type="button"), and this one must submit to work without JavaScript.
 */
export function ToggleSwitch({
  intent,
  id,
  checked,
  label,
  disabled,
  redirectTo,
}: {
  intent: string
  id: number
  checked: boolean
  label: string
  disabled: boolean
  redirectTo: string
}) {
  const fetcher = useFetcher()
  const sending = useRef(false)
  useEffect(() => {
    if (fetcher.state === 'idle') sending.current = false
  }, [fetcher.state])
  const pending = fetcher.formData?.get('value')
  const on = pending === undefined || pending === null ? checked : pending === 'true'
  return (
    <fetcher.Form
      method="post"
      action="/admin/products"
      // One save at a time: a second press while the first is sent would race it to the server, which could apply
      // them in either order and leave the switch showing the other state.
      onSubmit={(event) => {
        if (sending.current) return event.preventDefault()
        sending.current = true
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="value" value={String(!on)} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <EnhancedMarker />
      <button
        type="submit"
        aria-pressed={on}
        aria-label={label}
        disabled={disabled}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${
          on ? 'bg-brand-700' : 'bg-slate-400'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
    </fetcher.Form>
  )
}
