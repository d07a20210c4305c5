import { useLocation } from '@remix-run/react'
import { Options } from './form-fields.tsx'
import { useVisitorStore } from './use-visitor-store.ts'

/**
 * The footer's choice of Amazon store (decision 044), shown when the owner is enrolled in more than one. Served
 * the same to every visitor (pages are cached), as "Automatic"; with JavaScript, once GET /store has answered
 * (decision 045), it shows the visitor's own choice, or which store "Automatic" picked for them.
 */
export function StoreChooser({ stores }: { stores: ReadonlyArray<{ code: string; name: string }> }) {
  const location = useLocation()
  const current = useVisitorStore(stores.length > 1)
  if (stores.length < 2) return null
  const chosen = current?.chosen ? current.code : ''
  return (
    <form method="post" action="/store" className="mt-4 flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <div>
        <label htmlFor="store-choice" className="block font-medium text-white">
          Amazon store for your clicks
        </label>
        <select
          // Remounted when the answer comes, so the answer becomes the selected option.
          key={chosen}
          id="store-choice"
          name="store"
          defaultValue={chosen}
          className="mt-1 rounded-md border border-slate-600 bg-slate-800 px-2 py-1.5 text-slate-100"
        >
          <option value="">
            {current && !current.chosen
              ? `Automatic (by your country): ${current.name}`
              : 'Automatic (by your country)'}
          </option>
          <Options options={stores.map((store) => ({ value: store.code, label: store.name }))} />
        </select>
      </div>
      <button type="submit" className="rounded-md border border-slate-500 px-3 py-1.5 font-medium text-white">
        Save store
      </button>
    </form>
  )
}
