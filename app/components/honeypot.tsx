// A field people never see or fill in and form-filling bots usually do.

export const HONEYPOT_FIELD = 'website'

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
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
