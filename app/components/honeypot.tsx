// A field people never see or fill in and form-filling bots usually do.

export const HONEYPOT_FIELD = 'website'

/**
 * `visibility: hidden` (Tailwind's `invisible`) is what makes the field unreachable: no Tab stop, and no
 * focus by script either (a dialog's showModal() focuses its first focusable field, autofocus helpers the
 * same), so a keyboard or screen-reader visitor can never type into it by accident. Bots read the markup,
 * not the style, and still find it.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="invisible absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

export const isHoneypotFilled = (formData: FormData) => {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.length > 0
}
