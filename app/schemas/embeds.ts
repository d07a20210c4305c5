import { z } from 'zod'
import { isAsin } from '#app/utils/asin.ts'
import { SORTS } from './category-filters.ts'

/**
 * The directives a document may hold (docs/decisions/052), in the generic directive syntax so the text stays
 * portable: `::product{asin="B0…"}` on a line of its own, `:price{asin="B0…"}` inside a sentence. Each one's
 * attributes are checked here, by the same rules in the editor and on the server; whatever fails is a problem
 * the author sees, and nothing a visitor sees.
 */

export const DOCUMENT_LIMITS = { body: 100_000, embeds: 50, title: 200, summary: 300, seoTitle: 70 } as const

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
const asin = z.string().refine(isAsin, 'must be a 10-character ASIN (letters and digits)')
const slug = z.string().max(100).regex(SLUG, 'must be a slug (lowercase letters, digits and hyphens)')
const asinList = z
  .string()
  .transform((text) => text.split(',').map((item) => item.trim()))
  .pipe(
    z
      .array(asin)
      .min(1, 'must name at least one ASIN')
      .max(20, 'may name up to 20 ASINs')
      .refine((asins) => new Set(asins).size === asins.length, 'names an ASIN twice'),
  )
const limit = (max: number) =>
  z
    .string()
    .regex(/^\d{1,2}$/, `must be a number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `must be a number from 1 to ${max}`).max(max, `must be a number from 1 to ${max}`))

/** Every directive's attributes; `strict` so an attribute this code does not know is a problem, not ignored. */
const directives = {
  product: { form: 'leaf', usage: '::product{asin="B0…"}', attributes: z.object({ asin }).strict() },
  products: {
    form: 'leaf',
    usage: '::products{asins="A,B,C"} or ::products{category="slug" sort="rating" limit="4"}',
    attributes: z.union([
      z.object({ asins: asinList }).strict(),
      z
        .object({
          category: slug,
          sort: z
            .enum(SORTS, { errorMap: () => ({ message: `must be one of ${SORTS.join(', ')}` }) })
            .default('rating'),
          limit: limit(12).default('4'),
        })
        .strict(),
    ]),
  },
  compare: {
    form: 'leaf',
    usage: '::compare{asins="A,B,C"} or ::compare{table="slug"}',
    attributes: z.union([z.object({ asins: asinList }).strict(), z.object({ table: slug }).strict()]),
  },
  price: { form: 'text', usage: ':price{asin="B0…"}', attributes: z.object({ asin }).strict() },
  buy: { form: 'text', usage: ':buy[Link text]{asin="B0…"}', attributes: z.object({ asin }).strict() },
  // Named pieces of the information pages, placed by directive.
  'sizes-chart': {
    form: 'leaf',
    usage: '::sizes-chart or ::sizes-chart{variant="all-eras"}',
    attributes: z.object({ variant: z.enum(['by-era', 'all-eras']).default('by-era') }).strict(),
  },
  'sleeve-table': {
    form: 'leaf',
    usage: '::sleeve-table{material="mylar"}',
    attributes: z.object({ material: z.enum(['mylar', 'polypropylene', 'polyethylene']) }).strict(),
  },
  'prices-as-of': { form: 'leaf', usage: '::prices-as-of', attributes: z.object({}).strict() },
  'site-name': { form: 'text', usage: ':site-name', attributes: z.object({}).strict() },
} as const

export type DirectiveName = keyof typeof directives
type Attributes<Name extends DirectiveName> = z.output<(typeof directives)[Name]['attributes']>

/** A checked directive, as the page resolves and draws it. */
export type Embed = { [Name in DirectiveName]: { name: Name } & Attributes<Name> }[DirectiveName]

/** Each directive as it is written, in the order above: the editor's help lists them all. */
export const DIRECTIVE_USAGES = Object.entries(directives).map(([name, directive]) => ({
  name: name as DirectiveName,
  usage: directive.usage,
}))

/** The directives that show catalogue data: a document holding one carries the affiliate disclosure. */
export const PRODUCT_EMBEDS: ReadonlySet<DirectiveName> = new Set(['product', 'products', 'compare', 'price', 'buy'])

export type DirectiveForm = 'text' | 'leaf' | 'container'

export const isDirectiveName = (name: string): name is DirectiveName => Object.hasOwn(directives, name)

/** Checks one directive as written: the embed, or why it cannot be one (said to the author). */
export function checkDirective(
  name: string,
  form: DirectiveForm,
  attributes: Record<string, string | null | undefined>,
): { embed: Embed } | { problem: string } {
  const written = `${form === 'text' ? ':' : form === 'leaf' ? '::' : ':::'}${name}`
  const directive = isDirectiveName(name) ? directives[name] : undefined
  if (!directive) return { problem: `${written} is not an embed this site knows.` }
  if (directive.form !== form) {
    const where = directive.form === 'text' ? 'inside a sentence' : 'on a line of its own'
    return { problem: `${written} is written as ${directive.usage}, ${where}.` }
  }
  const parsed = directive.attributes.safeParse(attributes)
  if (parsed.success) return { embed: { name, ...parsed.data } as Embed }
  return { problem: `${written}: ${describe(parsed.error, directive.usage)}` }
}

function describe(error: z.ZodError, usage: string): string {
  const issue = error.issues[0]!
  if (issue.code !== 'invalid_union') return attributeMessage(issue)
  // The form whose attributes were all known, wrongly written, says the most; otherwise, the forms there are.
  const branch = issue.unionErrors.find((union) => union.issues.every((each) => each.code !== 'unrecognized_keys'))
  return branch ? attributeMessage(branch.issues[0]!) : `write it as ${usage}.`
}

function attributeMessage(issue: z.ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `unknown attribute ${issue.keys.join(', ')}.`
  const attribute = issue.path[0]
  if (attribute === undefined) return `${issue.message}.`
  if (issue.code === 'invalid_type' && issue.received === 'undefined') return `${attribute} is missing.`
  return `${attribute} ${issue.message}.`
}
