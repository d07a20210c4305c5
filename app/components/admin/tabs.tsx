import { Link } from '#app/components/link.tsx'

/** Tabs that are links (`?tab=`), so each is an address and they work without JavaScript. */
export function LinkTabs({
  label,
  tabs,
  current,
}: {
  label: string
  tabs: Array<{ id: string; label: string; to: string }>
  current: string
}) {
  return (
    <nav aria-label={label} className="border-b border-slate-300">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              aria-current={tab.id === current ? 'page' : undefined}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                tab.id === current
                  ? 'border-slate-900 text-slate-900'
                  : 'border-transparent text-slate-600 hover:border-slate-400 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
