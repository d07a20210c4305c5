import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Link } from '#app/components/link.tsx'
import { FIT_COUNT_MAX, type FitQuery } from '#app/schemas/fit-finder.ts'
import { eraLabel, ERAS, kindLabel, type Era } from '#app/schemas/product-specs.ts'
import { formatCents, type CountPlan, type FitGroupId, type FitItem, type StarterKit } from '#app/utils/fit-plan.ts'
import { OutboundLink } from './outbound-link.tsx'
import { Price, UnitPriceNote } from './price.tsx'

// The parts of the fit finder's page (/fit): its question form, and the answer's kit, totals and lists.

/** A GET form: the answer has an address of its own (shareable, reloadable) and needs no JavaScript. */
export function FitForm({ query }: { query: FitQuery }) {
  return (
    <Form method="get" action="/fit" className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <fieldset>
        <legend className="text-lg font-semibold">Which eras are your comics from?</legend>
        <p className="mt-1 text-sm text-slate-600">
          Tick every era you collect. Add how many books you have of each to get totals (up to{' '}
          {FIT_COUNT_MAX.toLocaleString('en-US')} per era).
        </p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {ERAS.map((era) => (
            <li key={era.id} className="rounded-md border border-slate-200 p-3">
              <div className="flex items-start gap-2">
                <input
                  type="checkbox"
                  id={`era-${era.id}`}
                  name="era"
                  value={era.id}
                  defaultChecked={query.eras.includes(era.id)}
                  aria-describedby={`era-${era.id}-hint`}
                  className="mt-1 size-4 accent-brand-600"
                />
                <div>
                  <label htmlFor={`era-${era.id}`} className="font-medium">
                    {era.label}
                  </label>
                  <p id={`era-${era.id}-hint`} className="text-sm text-slate-600">
                    {era.years}; bag {era.bag} in, board {era.board} in
                  </p>
                </div>
              </div>
              <label htmlFor={`count-${era.id}`} className="mt-2 block text-sm">
                How many books?<span className="sr-only"> ({era.label})</span>
              </label>
              <input
                type="number"
                id={`count-${era.id}`}
                name={era.id}
                min={0}
                max={FIT_COUNT_MAX}
                step={1}
                inputMode="numeric"
                defaultValue={query.counts[era.id] ?? ''}
                className="mt-1 w-32 rounded-md border border-slate-300 px-2 py-1"
              />
            </li>
          ))}
        </ul>
      </fieldset>
      <button
        type="submit"
        className="mt-4 rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700"
      >
        Find what fits
      </button>
    </Form>
  )
}

const forEras = (eras: Era[]) => eras.map(eraLabel).join(', ')

export function KitSection({ kit }: { kit: StarterKit }) {
  return (
    <FinderResult
      id="kit-heading"
      title="Your starter kit"
      answer={kit}
      totalLabel="Starter kit total"
      items={kit.entries.map((entry) => (
        <li key={entry.asin} className={rowClass}>
          <div>
            <Link to={`/product/${entry.asin}`} className="font-medium hover:underline">
              {entry.title}
            </Link>
            <p className="text-sm text-slate-600">
              {entry.pack}, for {forEras(entry.eras)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="font-semibold">{formatCents(entry.cents)}</span>
            <BuyLink asin={entry.asin} />
          </div>
        </li>
      ))}
    >
      For each era we pick the bag or sleeve and the board with the lowest price per unit (or a bag-and-board set when
      it costs less), and the box with the lowest price per book that fits every era you chose; only prices taken in the
      last 24 hours count.
    </FinderResult>
  )
}

export function PlanSection({ plan }: { plan: CountPlan }) {
  return (
    <FinderResult
      id="plan-heading"
      title="What your books need"
      answer={plan}
      totalLabel="Total for your books"
      items={plan.lines.map((line) => (
        <li key={line.text} className={rowClass}>
          <div>
            <p className="font-medium">{line.text}</p>
            <Link to={`/product/${line.asin}`} className="text-sm text-slate-600 underline">
              {line.title}
            </Link>
          </div>
          <BuyLink asin={line.asin} />
        </li>
      ))}
    >
      Packs are rounded up, and the boxes are counted for all your books together.
    </FinderResult>
  )
}

const rowClass = 'flex flex-wrap items-center justify-between gap-3 p-4'

/**
 * One of the finder's answers: what it counts (`children`), a list row per product (`items`), what it could not
 * find, and the total.
 */
function FinderResult({
  id,
  title,
  answer,
  totalLabel,
  items,
  children,
}: {
  /** The heading's id. */
  id: string
  title: string
  answer: { missing: string[]; totalCents: number }
  totalLabel: string
  items: ReactNode[]
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-600">{children}</p>
      {items.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">{items}</ul>
      ) : null}
      <Missing notes={answer.missing} />
      {items.length > 0 ? (
        <p className="mt-3 text-lg">
          {totalLabel}: <span className="font-bold">{formatCents(answer.totalCents)}</span>
        </p>
      ) : null}
    </section>
  )
}

function Missing({ notes }: { notes: string[] }) {
  if (notes.length === 0) return null
  return (
    <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
      {notes.map((note) => (
        <li key={note}>{note} See the list below, or check Amazon.</li>
      ))}
    </ul>
  )
}

// Where the rest of a group is: boards and boxes filtered by the era (the spec filters); bags and sleeves, spread
// over several categories, by a search for the era's own word (their listings name their size).
const ERA_SEARCH: Record<Era, string> = {
  modern: 'Current',
  standard: 'Standard',
  silver: 'Silver Age',
  golden: 'Golden Age',
  magazine: 'Magazine',
  treasury: 'Treasury',
}
const moreLink = (group: FitGroupId, era: Era) =>
  group === 'boards'
    ? `/category/backing-boards?fits=${era}`
    : group === 'boxes'
      ? `/search?q=box&fits=${era}`
      : `/search?q=${encodeURIComponent(ERA_SEARCH[era])}`

export function EraSection({
  era,
  groups,
}: {
  era: { id: Era; label: string }
  groups: Array<{ id: FitGroupId; title: string; items: FitItem[]; total: number }>
}) {
  return (
    <section aria-labelledby={`era-heading-${era.id}`} className="mt-10">
      <h2 id={`era-heading-${era.id}`} className="text-2xl font-bold">
        What fits {era.label} books
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-3">
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`${era.id}-${group.id}`}>
            <h3 id={`${era.id}-${group.id}`} className="text-lg font-semibold">
              {group.title}
            </h3>
            {group.items.length > 0 ? (
              <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {group.items.map((item) => (
                  <FitItemRow key={item.asin} item={item} />
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">Nothing in the catalogue yet.</p>
            )}
            {group.total > group.items.length ? (
              <Link to={moreLink(group.id, era.id)} className="mt-2 inline-block text-sm font-medium underline">
                More {group.title.toLowerCase()} for {era.label} books
              </Link>
            ) : null}
          </section>
        ))}
      </div>
    </section>
  )
}

function FitItemRow({ item }: { item: FitItem }) {
  const facts = [kindLabel(item.kind), item.dimensions, item.pack_count > 1 ? `pack of ${item.pack_count}` : null]
  if (item.capacity !== null) facts.push(`holds ${item.capacity} books`)
  return (
    <li className="p-3">
      <Link to={`/product/${item.asin}`} className="font-medium hover:underline">
        {item.title}
      </Link>
      <p className="text-xs text-slate-600">{facts.filter(Boolean).join(' · ')}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <div>
          <Price price={item.price} asin={item.asin} />
          {item.unitPrice ? <UnitPriceNote unitPrice={item.unitPrice} /> : null}
        </div>
        {item.price.current ? <BuyLink asin={item.asin} /> : null}
      </div>
    </li>
  )
}

function BuyLink({ asin }: { asin: string }) {
  return (
    <OutboundLink
      asin={asin}
      className="rounded-md bg-brand-500 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-slate-900 hover:bg-brand-600"
    >
      View on Amazon
    </OutboundLink>
  )
}
