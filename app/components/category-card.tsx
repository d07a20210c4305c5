import { Link } from '#app/components/link.tsx'

export interface CategoryCardProps {
  name: string
  slug: string
  description: string | null
  image_url: string | null
  product_count?: number
}

/** Image or the name's first letter, the name, an optional "N items" badge, two lines of description. */
export function CategoryCard({ category }: { category: CategoryCardProps }) {
  return (
    <Link
      to={`/category/${category.slug}`}
      className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 hover:shadow-md"
    >
      {category.image_url ? (
        <img src={category.image_url} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded bg-slate-100 text-2xl font-bold"
        >
          {category.name.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="min-w-0">
        <span className="block font-semibold">{category.name}</span>
        {category.product_count !== undefined ? (
          <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {category.product_count} items
          </span>
        ) : null}
        {category.description ? (
          <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{category.description}</span>
        ) : null}
      </span>
    </Link>
  )
}
