import { useEffect, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react'

/**
 * A submit button that says what is happening while its form is on its way ("Saving..."). It is disabled
 * meanwhile, so neither a second press nor Enter in a field sends the form twice; disabling drops the focus of a
 * keyboard user who pressed it, so it takes the focus back when the answer comes, if nothing else took it.
 */
export function StatusButton({
  pending,
  pendingText,
  children,
  disabled,
  type = 'submit',
  onClick,
  ...buttonProps
}: { pending: boolean; pendingText?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const button = useRef<HTMLButtonElement>(null)
  const pressed = useRef(false)
  useEffect(() => {
    if (pending) return
    const lost = !document.activeElement || document.activeElement === document.body
    if (pressed.current && lost) button.current?.focus()
    pressed.current = false
  }, [pending])
  return (
    <button
      ref={button}
      type={type}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      onClick={(event) => {
        pressed.current = true
        onClick?.(event)
      }}
      {...buttonProps}
    >
      {pending && pendingText ? pendingText : children}
    </button>
  )
}
