import { Link } from '#app/components/link.tsx'

/**
 * Below a search that found nothing (issue 51, "no dead ends"): the shop's categories and a few searches that do
 * find products, as links, so the visitor always has somewhere to go.
 */
export function SearchNoResults({
  categories,
  searches,
}: {
  categories: readonly { name: string; slug: string }[]
  searches: readonly string[]
}) {
  const linkClass = 'font-medium text-brand-700 underline'
  return (
    <div className="mt-6 grid max-w-3xl gap-6 sm:grid-cols-2">
      {searches.length > 0 ? (
        <section aria-labelledby="searches-that-find">
          <h3 id="searches-that-find" className="text-lg font-semibold">
            Searches that find products
          </h3>
          <ul className="mt-2 space-y-1">
            {searches.map((term) => (
              <li key={term}>
                <Link to={`/search?${new URLSearchParams({ q: term })}`} className={linkClass}>
                  {term}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {categories.length > 0 ? (
        <section aria-labelledby="browse-categories">
          <h3 id="browse-categories" className="text-lg font-semibold">
            Browse the categories
          </h3>
          <ul className="mt-2 space-y-1">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/category/${category.slug}`} className={linkClass}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
