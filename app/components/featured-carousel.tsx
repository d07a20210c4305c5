import { useRef } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { ProductCard, type ProductCardProps } from './product-card.tsx'

/**
 * "Updated Daily from Amazon": 1, 2 or 4 cards per view by width. Without JavaScript it is a row that
 * scrolls (by touch, trackpad, or keyboard once focused). With JavaScript, Previous and Next move a view
 * at a time and loop from the end back to the start.
 */
export function FeaturedCarousel({ products }: { products: ProductCardProps[] }) {
  const track = useRef<HTMLUListElement>(null)
  const hydrated = useHydrated()

  function move(direction: 1 | -1) {
    const element = track.current
    if (!element) return
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 4
    const atStart = element.scrollLeft <= 4
    if (direction === 1 && atEnd) element.scrollTo({ left: 0, behavior: 'smooth' })
    else if (direction === -1 && atStart) element.scrollTo({ left: element.scrollWidth, behavior: 'smooth' })
    else element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' })
  }

  return (
    <div>
      <ul
        ref={track}
        // Focusable so keyboard users can scroll it with the arrow keys.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label="Featured products"
        // No CSS smooth scrolling: with snapping it could leave a card that Tab focused out of view. The buttons
        // scroll smoothly by script.
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto pb-4"
      >
        {products.map((product) => (
          <li
            key={product.asin}
            className="w-full shrink-0 snap-start sm:w-[calc(50%-0.5rem)] lg:w-[calc(25%-0.75rem)]"
          >
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
      {hydrated && products.length > 1 ? (
        <div className="mt-2 flex justify-end gap-2">
          <button
            type="button"
            onClick={() => move(-1)}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Previous
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Next
          </button>
        </div>
      ) : null}
    </div>
  )
}
