// Class lists the panel's forms share, so a field or a button looks the same on every admin page.

/** A full-width text field or select (with the invalid state Conform marks): the form kit's. */
export { inputClass } from '#app/components/form-fields.tsx'

/** A compact full-width field (the media library's forms). */
export const smallFieldClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm'

export const primaryButtonClass =
  'rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50'

export const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50'

const rowButtonClass =
  'inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:border disabled:border-slate-300 disabled:bg-slate-200 disabled:text-slate-600'

/** Compact buttons (and links that look like them) of a list's rows and its dialogs. */
export const rowButton = {
  primary: `${rowButtonClass} bg-slate-900 text-white hover:bg-slate-700`,
  secondary: `${rowButtonClass} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`,
  danger: `${rowButtonClass} bg-red-700 text-white hover:bg-red-800`,
} as const
