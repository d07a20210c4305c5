import { invariantResponse } from '@epic-web/invariant'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { CompareForm } from '#app/components/compare-form.tsx'
import { GeneralErrorBoundary, notFoundHandler } from '#app/components/error-boundary.tsx'
import { JsonLd } from '#app/components/json-ld.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ProductGrid } from '#app/components/product-grid.tsx'
import { FilterForm, SpecFacetFields } from '#app/components/spec-facets.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { categoryFacets, visibleCategory } from '#app/lib/kept-reads.server.ts'
import { CATEGORY_PAGE_SIZE, listCategoryProducts } from '#app/models/product.server.ts'
import {
  filtersNarrow,
  narrowingFilterCount,
  parseCategoryFilters,
  PRICE_SLIDER,
  RATING_THRESHOLDS,
  type CategoryFilters,
  type Sort,
} from '#app/schemas/category-filters.ts'
import {
  parseSpecFilters,
  specFilterCount,
  specFiltersSet,
  type SpecFacets,
  type SpecFilters,
} from '#app/schemas/spec-filters.ts'
import { publicPageHeaders } from '#app/utils/cache.ts'
import { breadcrumbJsonLd, jsonLdScript } from '#app/utils/json-ld.ts'
import { notFoundMeta, pageMeta, siteNameFrom } from '#app/utils/meta.ts'
import { listingCards } from '#app/utils/product-card.server.ts'
import { redirectToTidyListing, requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The database's own rule for slugs: anything else cannot exist, so it is not even looked up.
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  const category = SLUG.test(slug) ? await visibleCategory(slug) : undefined
  invariantResponse(category, 'Category not found.', { status: 404 })
  const url = requestUrl(request)
  redirectToTidyListing(url)
  const query = url.searchParams
  const filters = parseCategoryFilters(query)
  const spec = parseSpecFilters(query)
  const [{ products, total }, facets] = await Promise.all([
    listCategoryProducts(db, category.id, filters, spec),
    categoryFacets(String(category.id)),
  ])
  const { cards, headers } = listingCards(products)
  const siteUrl = getEnv().SITE_URL
  const breadcrumbs = [
    { name: 'Home', path: '/' },
    { name: category.name, path: `/category/${category.slug}` },
  ]
  return data(
    {
      category,
      breadcrumbs,
      structuredData: [
        jsonLdScript(breadcrumbJsonLd(breadcrumbs.map((crumb) => ({ name: crumb.name, url: siteUrl + crumb.path })))),
      ],
      canonical: `${siteUrl}/category/${category.slug}`,
      filters,
      spec,
      facets,
      total,
      pageCount: Math.max(1, Math.ceil(total / CATEGORY_PAGE_SIZE)),
      products: cards,
    },
    { headers },
  )
}

export const headers = publicPageHeaders

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  data
    ? pageMeta({
        title: `${data.category.name} | ${siteNameFrom(matches)}`,
        description:
          data.category.description ??
          `Shop ${data.category.name} for comic collectors: compare products, ratings and prices updated daily from Amazon.`,
        canonical: data.canonical,
      })
    : notFoundMeta('Category not found.', { error, matches })

export default function CategoryPage() {
  const { category, breadcrumbs, structuredData, filters, spec, facets, total, pageCount, products } =
    useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <JsonLd blocks={structuredData} />
      <Breadcrumbs crumbs={breadcrumbs} />
      <header>
        <h1 className="text-3xl font-bold">{category.name}</h1>
        {category.description ? <p className="mt-2 max-w-3xl text-slate-600">{category.description}</p> : null}
      </header>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <CategoryFilterForm filters={filters} spec={spec} facets={facets} />
        <section aria-labelledby="results-heading">
          {/* Atomic: a new count is read as "5 Products", not as the bare number that changed. */}
          <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite" aria-atomic="true">
            {total} Products
          </h2>
          {products.length > 0 ? (
            <div className="mt-4">
              <CompareForm>
                <ProductGrid products={products} compare />
              </CompareForm>
              <Pagination page={filters.page} pageCount={pageCount} />
            </div>
          ) : (
            <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
              {filtersNarrow(filters) || specFiltersSet(spec) || filters.page > 1
                ? 'No products match your filters. Try adjusting your search criteria.'
                : 'No products in this category yet.'}
            </p>
          )}
        </section>
      </div>
    </main>
  )
}

/** Sort, price, rating and the specs where they apply, in one GET form (FilterForm). */
function CategoryFilterForm({
  filters,
  spec,
  facets,
}: {
  filters: CategoryFilters
  spec: SpecFilters
  facets: SpecFacets
}) {
  // Controlled, and following the URL: new results must not rebuild the control that has the focus.
  const [sort, setSort] = useState(filters.sort)
  const [min, setMin] = useState(filters.minPrice)
  const [max, setMax] = useState(filters.maxPrice ?? PRICE_SLIDER.max)
  const [rating, setRating] = useState(filters.minRating)
  useEffect(() => {
    setSort(filters.sort)
    setMin(filters.minPrice)
    setMax(filters.maxPrice ?? PRICE_SLIDER.max)
    setRating(filters.minRating)
  }, [filters.sort, filters.minPrice, filters.maxPrice, filters.minRating])

  return (
    <FilterForm activeFilters={narrowingFilterCount(filters) + specFilterCount(spec)}>
      <div>
        <label htmlFor="sort" className="block text-sm font-medium">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as Sort)}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
        >
          <option value="newest">Newest</option>
          <option value="price-low">Price: Low to High</option>
          <option value="price-high">Price: High to Low</option>
          <option value="rating">Highest Rated</option>
        </select>
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Price range</legend>
        {/* Not a live region: each slider says its own value as it moves (aria-valuetext). */}
        <p className="mt-1 text-sm text-slate-600">
          ${min} – ${max}
          {max === PRICE_SLIDER.max ? '+' : ''}
        </p>
        <PriceSlider name="min" label="Minimum price" value={min} onChange={setMin} />
        <PriceSlider name="max" label="Maximum price" value={max} onChange={setMax} />
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium">Minimum rating</legend>
        <div className="mt-2 space-y-1">
          {RATING_THRESHOLDS.map((threshold) => (
            <label key={threshold.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rating"
                value={threshold.value}
                checked={rating === threshold.value}
                onChange={() => setRating(threshold.value)}
                className="accent-brand-600"
              />
              {threshold.label}
            </label>
          ))}
        </div>
      </fieldset>
      <SpecFacetFields facets={facets} spec={spec} />
    </FilterForm>
  )
}

/** One end of the price range: a labelled slider over PRICE_SLIDER's range, named as the URL's parameter. */
function PriceSlider({
  name,
  label,
  value,
  onChange,
}: {
  name: 'min' | 'max'
  label: string
  value: number
  onChange: (value: number) => void
}) {
  return (
    <>
      <label htmlFor={name} className="mt-2 block text-xs text-slate-600">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="range"
        {...PRICE_SLIDER}
        value={value}
        // Heard as a price ("$25"), not a bare number.
        aria-valuetext={`$${value}${name === 'max' && value === PRICE_SLIDER.max ? ' or more' : ''}`}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="w-full accent-brand-600"
      />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={notFoundHandler('Category not found.')} />
}
