// The classes the settings page's two tables (users, audit log) and their forms share.

export const cellClass = 'px-3 py-2 align-top'
export const selectClass = 'rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm'
export const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100'
