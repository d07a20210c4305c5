import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ComparisonTable, PricesAsOf } from '#app/components/comparison-table.tsx'
import {
  BulletList,
  CardHeading,
  CardParagraph,
  DataTable,
  InfoPage,
  Section,
  TextLink,
  WideSection,
} from '#app/components/info-page.tsx'
import { Link } from '#app/components/link.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { listTopSleeves } from '#app/models/comparison.server.ts'
import { parseTableSort, type ComparisonColumn } from '#app/schemas/comparison.ts'
import type { Material } from '#app/schemas/product-specs.ts'
import { freshUntilHeaders, publicPageHeaders } from '#app/utils/cache.ts'
import { oldestPriceTime, sortRows, toComparisonRow } from '#app/utils/comparison.ts'
import { formatDateTime } from '#app/utils/format.ts'
import { staticPageMeta } from '#app/utils/meta.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// Compare sleeves (SPEC §2): Mylar, polypropylene and polyethylene, each with pros, cons and best use, and
// links to their categories, to backing boards, the FAQ and the contact page. Under them (docs/decisions/042), a live
// table a material of its best-rated sleeves and bags from the catalogue, each sorted by its own parameters
// (?mylar-sort=price&mylar-dir=asc; a header link sorts its table and leaves the others in their default
// order): one indexed query a table.

/** Each table's rows: enough to choose from, the category holds the rest. */
const TABLE_ROWS = 8
const TABLE_COLUMNS: readonly ComparisonColumn[] = [
  'size',
  'fits',
  'thickness',
  'pack_count',
  'price',
  'unit_price',
  'rating',
]

export async function loader({ request }: LoaderFunctionArgs) {
  const params = requestUrl(request).searchParams
  const now = new Date()
  const tables = await Promise.all(
    sleeves.map(async (sleeve) => {
      const rows = (await listTopSleeves(db, sleeve.id, TABLE_ROWS)).map((row) => toComparisonRow(row, now))
      const sort = parseTableSort(params, TABLE_COLUMNS, sleeve.id)
      return { id: sleeve.id, rows: sortRows(rows, sort), sort }
    }),
  )
  const rows = tables.flatMap((table) => table.rows)
  const asOf = oldestPriceTime(rows)
  return data(
    { tables, pricesAsOf: asOf ? formatDateTime(asOf, getEnv().REFRESH_TZ) : null },
    { headers: freshUntilHeaders(rows.map((row) => row.price)) },
  )
}

export const headers = publicPageHeaders

export const meta = staticPageMeta(
  'Compare Sleeves',
  'Mylar vs polypropylene vs polyethylene comic sleeves: clarity, lifespan, price, pros and cons, and which to use for keys, everyday books and bulk storage.',
)

type Sleeve = {
  id: Material
  name: string
  category: { slug: string; label: string }
  summary: string
  pros: string[]
  cons: string[]
  bestUse: string
}

const sleeves: Sleeve[] = [
  {
    id: 'mylar',
    name: 'Mylar',
    category: { slug: 'mylar-sleeves', label: 'Shop Mylar sleeves' },
    summary:
      'Mylar is the common name for archival polyester film (BoPET), the material archives and libraries use to encapsulate documents. It is rigid, crystal clear and chemically stable.',
    pros: [
      'Archival: chemically inert, with no plasticizers or coatings to migrate onto the cover',
      'Lasts for decades without yellowing, clouding or turning brittle',
      'The clearest sleeve you can buy, so the cover shows at its best',
      'Stiff walls (2 mil or 4 mil) add real protection against bends and dents',
    ],
    cons: [
      'Costs several times as much per sleeve as polypropylene',
      'Stiffer and snugger, so books take more care to slide in and out',
      'Sharp edges can nick a cover if you rush',
    ],
    bestUse:
      'Key issues, high-grade copies, Golden and Silver Age books, and anything you want to keep for the long term.',
  },
  {
    id: 'polypropylene',
    name: 'Polypropylene',
    category: { slug: 'polypropylene-sleeves', label: 'Shop polypropylene bags' },
    summary:
      'Polypropylene is the standard comic bag: clear, glossy and inexpensive, sold with a fold-over flap or a resealable strip.',
    pros: [
      'Inexpensive, so bagging a whole collection is affordable',
      'Clear and glossy, much clearer than polyethylene',
      'Sold in every era size, resealable or with a fold-over flap',
      'Stiffer than polyethylene, so books slide in easily',
    ],
    cons: [
      'Not archival: plan to re-bag about every five to seven years',
      'Can crack in the cold and turn brittle or yellow with age',
      'Thin enough that the board, not the bag, does the stiffening',
    ],
    bestUse:
      'The everyday bag for new releases, your pull list and most of a modern or bronze age collection, paired with an acid-free board.',
  },
  {
    id: 'polyethylene',
    name: 'Polyethylene',
    category: { slug: 'poly-sleeves', label: 'Shop polyethylene sleeves' },
    summary:
      'Polyethylene sleeves are soft, flexible and slightly hazy. They are the cheapest way to keep dust and handling off a comic.',
    pros: [
      'The lowest price per sleeve, ideal for bulk',
      'Soft and flexible: does not crack in the cold and is forgiving to handle',
      'Good for shipping and for books that are read often',
    ],
    cons: [
      'Slightly hazy, so covers look duller through it',
      'Not archival: it clouds with age and should be replaced every few years',
      'Floppy: always needs a board to keep the book flat',
    ],
    bestUse: 'Bulk runs, reading copies, dollar-bin finds and shipping, where cost matters more than display.',
  },
]

const comparison = [
  { feature: 'Material', values: ['Polyester film (BoPET)', 'Polypropylene', 'Polyethylene'] },
  { feature: 'Clarity', values: ['Crystal clear', 'Clear and glossy', 'Slightly hazy'] },
  { feature: 'Feel', values: ['Rigid', 'Crisp', 'Soft and flexible'] },
  { feature: 'Archival safe', values: ['Yes', 'No', 'No'] },
  { feature: 'Replace after', values: ['Decades', 'About 5 to 7 years', 'A few years'] },
  { feature: 'Price per sleeve', values: ['Highest', 'Low', 'Lowest'] },
] as const

function PointList({ title, points }: { title: string; points: string[] }) {
  return (
    <>
      <CardHeading>{title}</CardHeading>
      <div className="mt-2 text-slate-700">
        <BulletList>
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </BulletList>
      </div>
    </>
  )
}

export default function CompareSleeves() {
  const { tables, pricesAsOf } = useLoaderData<typeof loader>()
  return (
    <InfoPage
      wide
      eyebrow="Guide"
      title="Compare Comic Sleeves: Mylar, Polypropylene and Polyethylene"
      intro={
        <p>
          Every comic bag does the same basic job: it keeps out dust, moisture and fingerprints. Where they differ is
          how long they last, how clear they are and what they cost. Here is how the three materials compare, and which
          one to use for which books.
        </p>
      }
    >
      <WideSection headingId="at-a-glance" title="At a glance">
        <DataTable
          look="matrix"
          captionId="comparison-caption"
          caption="Mylar, polypropylene and polyethylene sleeves compared feature by feature"
          columns={[{ label: 'Feature' }, ...sleeves.map((sleeve) => ({ key: sleeve.id, label: sleeve.name }))]}
          rows={comparison.map((row) => ({ key: row.feature, header: row.feature, cells: row.values }))}
        />
      </WideSection>

      <div className="mt-12 grid gap-6 lg:grid-cols-3">
        {sleeves.map((sleeve) => (
          <article
            key={sleeve.id}
            id={sleeve.id}
            aria-labelledby={`${sleeve.id}-heading`}
            className="flex flex-col rounded-lg border border-slate-200 bg-white p-6"
          >
            <h2 id={`${sleeve.id}-heading`} className="text-2xl font-bold tracking-tight">
              {sleeve.name}
            </h2>
            <p className="mt-3 leading-7 text-slate-700">{sleeve.summary}</p>
            <PointList title="Pros" points={sleeve.pros} />
            <PointList title="Cons" points={sleeve.cons} />
            <CardParagraph title="Best use">{sleeve.bestUse}</CardParagraph>
            <div className="mt-auto pt-6">
              <Link
                to={`/category/${sleeve.category.slug}`}
                className="inline-block rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700"
              >
                {sleeve.category.label}
              </Link>
            </div>
          </article>
        ))}
      </div>

      <WideSection headingId="live-tables" title="The best-rated sleeves and bags of each material">
        <p className="mt-2 max-w-3xl text-slate-700">
          Built from our catalogue as prices update: the {TABLE_ROWS} best-rated sleeves and bags of each material.
          Select a column heading to sort a table by it.
        </p>
        {sleeves.map((sleeve) => {
          const table = tables.find((candidate) => candidate.id === sleeve.id)
          return (
            <section key={sleeve.id} aria-labelledby={`${sleeve.id}-table-heading`} className="mt-8">
              <h3 id={`${sleeve.id}-table-heading`} className="text-xl font-semibold">
                {sleeve.name}
              </h3>
              {table && table.rows.length > 0 ? (
                <ComparisonTable
                  id={`${sleeve.id}-table`}
                  caption={`The best-rated ${sleeve.name} sleeves and bags in the catalogue`}
                  columns={TABLE_COLUMNS}
                  rows={table.rows}
                  sort={table.sort}
                  prefix={sleeve.id}
                />
              ) : (
                <p className="mt-2 text-slate-700">No {sleeve.name} sleeves in the catalogue right now.</p>
              )}
              <p className="mt-2">
                <TextLink to={`/category/${sleeve.category.slug}`}>See every {sleeve.name} product</TextLink>
              </p>
            </section>
          )
        })}
        <PricesAsOf asOf={pricesAsOf} />
      </WideSection>

      <div className="max-w-3xl">
        <Section id="boards" title="Don't forget the board">
          <p>
            Whichever sleeve you choose, put an acid-free backing board behind the comic. The board keeps it flat, stops
            spine roll and protects the corners; in a soft polyethylene sleeve it does all the stiffening. For Golden
            and Silver Age books, choose buffered boards, which absorb the acid old newsprint gives off. Match the board
            to the sleeve size with our <TextLink to="/sizes-guide">sizes guide</TextLink>, then{' '}
            <TextLink to="/category/backing-boards">shop backing boards</TextLink>.
          </p>
        </Section>

        <Section id="questions" title="Still deciding?">
          <p>
            A common approach: polypropylene for most of the collection, Mylar for the handful of books that matter
            most, and polyethylene for bulk and shipping. See our{' '}
            <TextLink to="/faq">frequently asked questions</TextLink>, or <TextLink to="/contact">contact us</TextLink>{' '}
            and tell us what you collect.
          </p>
        </Section>
      </div>
    </InfoPage>
  )
}
