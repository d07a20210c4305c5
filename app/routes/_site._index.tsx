import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { listVisibleCategories } from '#app/models/category.server.ts'
import { rethrowUnavailable } from '#app/utils/responses.server.ts'
import { db } from '#db/client.ts'

export async function loader() {
  const categories = await listVisibleCategories(db).catch(rethrowUnavailable)
  return { categories }
}

export const meta: MetaFunction = ({ matches }) => {
  const siteName = (matches.find((m) => m.id === 'root')?.data as { siteName?: string } | undefined)?.siteName
  return [
    { title: `${siteName} | Protect Your Comic Collection` },
    { name: 'description', content: 'Archival bags, boards, Mylar sleeves and boxes for comic collectors.' },
  ]
}

export default function Home() {
  const { categories } = useLoaderData<typeof loader>()
  return (
    <main>
      <section className="bg-slate-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">Protect Your Comic Collection</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
            Archival bags, boards, Mylar sleeves and boxes, chosen by collectors and priced daily from Amazon.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/search?q=BCW"
              className="rounded-md bg-brand-500 px-5 py-3 font-semibold text-slate-900 hover:bg-brand-100"
            >
              Shop BCW Supplies
            </Link>
            <Link
              to="/search?q=mylar"
              className="rounded-md border border-white px-5 py-3 font-semibold hover:bg-white/10"
            >
              Browse Mylar Sleeves
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by Category
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                className="flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 hover:shadow-md"
              >
                {category.image_url ? (
                  <img src={category.image_url} alt="" width={64} height={64} className="h-16 w-16 rounded" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-16 w-16 items-center justify-center rounded bg-slate-100 text-2xl font-bold"
                  >
                    {category.name.charAt(0)}
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block font-semibold">{category.name}</span>
                  <span className="mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {category.product_count} items
                  </span>
                  <span className="mt-1 line-clamp-2 block text-sm text-slate-600">{category.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}
