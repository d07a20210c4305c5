// Class lists the panel's forms share, so a field or a button looks the same on every admin page.

/** A full-width text field or select (with the invalid state Conform marks). */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base aria-invalid:border-red-700'

/** A compact full-width field (the media library's forms). */
export const smallFieldClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm'

export const primaryButtonClass =
  'rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50'

export const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50'
