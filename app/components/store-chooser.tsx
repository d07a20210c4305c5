import { useLocation } from '@remix-run/react'

/**
 * The footer's choice of Amazon store (decision 044), shown when the owner is enrolled in more than one. The same
 * for every visitor (pages are cached): it does not say which store is chosen now; "View on Amazon" links use it.
 */
export function StoreChooser({ stores }: { stores: ReadonlyArray<{ code: string; name: string }> }) {
  const location = useLocation()
  if (stores.length < 2) return null
  return (
    <form method="post" action="/store" className="mt-4 flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <div>
        <label htmlFor="store-choice" className="block font-medium text-white">
          Amazon store for your clicks
        </label>
        <select
          id="store-choice"
          name="store"
          defaultValue=""
          className="mt-1 rounded-md border border-slate-600 bg-slate-800 px-2 py-1.5 text-slate-100"
        >
          <option value="">Automatic (by your country)</option>
          {stores.map((store) => (
            <option key={store.code} value={store.code}>
              {store.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-md border border-slate-500 px-3 py-1.5 font-medium text-white">
        Save store
      </button>
    </form>
  )
}
