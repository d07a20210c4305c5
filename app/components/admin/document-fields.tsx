import type { FieldMetadata } from '@conform-to/react'
import { inputClass, TextareaField } from '#app/components/form-fields.tsx'
import { SUMMARY_GOOD } from '#app/schemas/document.ts'
import { DIRECTIVE_USAGES, type DirectiveName } from '#app/schemas/embeds.ts'

// The fields the guide and page editors share: the summary, with its length in words, and the Markdown body,
// with the embeds it can use.

/** A field's value as typed; a form sent back with a field twice holds a list there (Conform): no text. */
export const asText = (value: unknown) => (typeof value === 'string' ? value : '')

/** The summary's length in words: "142 characters — a good length (50–160)". */
function summaryLength(summary: string): string {
  const { min, max } = SUMMARY_GOOD
  const length = summary.trim().length
  const count = `${length} ${length === 1 ? 'character' : 'characters'}`
  if (length < min) return `${count} — short: aim for ${min}–${max}`
  if (length > max) return `${count} — long: search results cut it after about ${max}`
  return `${count} — a good length (${min}–${max})`
}

const EMBED_HELP: Record<DirectiveName, string> = {
  product: 'one product in a box: picture, rating, price and the way to Amazon',
  products: 'a grid of products by ASIN, or the best of a category (sort: newest, price-low, price-high or rating)',
  compare: 'a comparison table of these products, or one of the comparison tables by its slug',
  price: 'a product’s price inside a sentence (or where to see it, once it is a day old)',
  buy: 'a link to the product on Amazon, in your words',
  'sizes-chart': 'the chart of bag and board sizes by era',
  'sleeve-table': 'the best-rated sleeves of one material: mylar, polypropylene or polyethylene',
  'prices-as-of': 'when the prices on the page were last checked',
  'site-name': 'the shop’s name',
}

type Meta = FieldMetadata<string | undefined>

/** The summary with its length in words, as typed (without JavaScript, as the form was opened or sent back). */
export function SummaryField({ meta }: { meta: Meta }) {
  return (
    <TextareaField
      meta={meta}
      label="Summary"
      rows={3}
      hint={`Shown in search results and lists. ${summaryLength(asText(meta.value))}`}
    />
  )
}

export function BodyField({ meta, note }: { meta: Meta; note?: string }) {
  return (
    <div>
      <TextareaField
        meta={meta}
        label="Body"
        rows={24}
        spellCheck
        inputClassName={`${inputClass} font-mono text-sm`}
        hint={
          <>
            {note ? `${note} ` : null}Markdown: <code>## Heading</code> starts a section, <code>**bold**</code>,{' '}
            <code>[a link](/sizes-guide)</code>. The embeds are listed below.
          </>
        }
      />
      <details className="mt-2 rounded-md border border-slate-200 bg-white p-3 text-sm">
        <summary className="cursor-pointer font-medium">Embeds you can use</summary>
        <dl className="mt-2 space-y-2">
          {DIRECTIVE_USAGES.map(({ name, usage }) => (
            <div key={name}>
              <dt className="font-mono text-slate-900">{usage}</dt>
              <dd className="text-slate-700">{EMBED_HELP[name]}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-slate-700">
          Block embeds (<code>::</code>) stand on a line of their own; <code>:price</code> and <code>:buy</code> go
          inside a sentence.
        </p>
      </details>
    </div>
  )
}
