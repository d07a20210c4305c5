import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Link } from '#app/components/link.tsx'

/** A visible category, as the header, the side panel and the footer list it. */
export interface ShopCategory {
  name: string
  slug: string
}

/**
 * The header's "Shop" entry: every visible category, from every page. A native disclosure (<details>), so it opens
 * and closes without JavaScript and is announced as a button with its state; JavaScript adds what a menu button
 * does besides: Escape closes it and gives focus back to "Shop", and a click elsewhere or a navigation closes it.
 */
export function ShopMenu({ categories }: { categories: readonly ShopCategory[] }) {
  const ref = useRef<HTMLDetailsElement>(null)
  const { key: locationKey } = useLocation()
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [locationKey])

  useEffect(() => {
    const details = ref.current
    if (!details) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false
    }
    details.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      details.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [])

  return (
    <details ref={ref} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-slate-100 xl:px-3 [&::-webkit-details-marker]:hidden">
        Shop
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 group-open:rotate-180" fill="currentColor">
          <path d="M5.5 7.5 10 12l4.5-4.5 1 1L10 14 4.5 8.5z" />
        </svg>
      </summary>
      <ul className="absolute left-0 z-40 mt-1 w-64 rounded-md border border-slate-200 bg-white py-2 shadow-lg">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/category/${category.slug}`} className="block px-4 py-2 text-sm hover:bg-slate-100">
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}

/** The categories as links to their pages, for the side panel's and the footer's lists. */
export function categoryLinks(categories: readonly ShopCategory[]) {
  return categories.map((category) => ({ to: `/category/${category.slug}`, label: category.name }))
}
