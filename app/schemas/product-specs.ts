import { z } from 'zod'

/**
 * A product's specs (docs/decisions/040): the vocabulary (kinds, eras, materials) with the words shown to
 * collectors, and the admin form's schema. The database holds the same values and limits (typed columns and
 * CHECKs), so anything this schema lets through can be stored. Shared by browser and server.
 */

export const KINDS = [
  { id: 'sleeve', label: 'Sleeve', unit: 'sleeve' },
  { id: 'bag', label: 'Bag', unit: 'bag' },
  { id: 'board', label: 'Backing board', unit: 'board' },
  { id: 'bag-and-board', label: 'Bag and board set', unit: 'set' },
  { id: 'box', label: 'Box', unit: 'box' },
  { id: 'divider', label: 'Divider', unit: 'divider' },
  { id: 'toploader', label: 'Toploader', unit: 'holder' },
  { id: 'graded-storage', label: 'Graded (slab) storage', unit: 'piece' },
] as const
export type Kind = (typeof KINDS)[number]['id']

/** The eras of the sizes guide, with the bag and board that fit each (width x height, inches). */
export const ERAS = [
  { id: 'modern', label: 'Modern (Current)', years: '1990s on', bag: '7 x 10.5', board: '6.75 x 10.5' },
  { id: 'standard', label: 'Standard', years: 'about 1970 to 1990', bag: '7.125 x 10.5', board: '6.875 x 10.5' },
  { id: 'silver', label: 'Silver Age', years: '1956 to 1970', bag: '7.25 x 10.5', board: '7 x 10.5' },
  { id: 'golden', label: 'Golden Age', years: '1938 to 1956', bag: '7.75 x 10.5', board: '7.5 x 10.5' },
  { id: 'magazine', label: 'Magazine', years: 'magazines and digests', bag: '8.75 x 11.125', board: '8.5 x 11' },
  { id: 'treasury', label: 'Treasury', years: 'treasury editions', bag: '10.75 x 13.75', board: '10.5 x 13.5' },
] as const
export type Era = (typeof ERAS)[number]['id']

export const MATERIALS = [
  { id: 'mylar', label: 'Mylar (polyester)' },
  { id: 'polypropylene', label: 'Polypropylene' },
  { id: 'polyethylene', label: 'Polyethylene' },
  { id: 'acid-free-board', label: 'Acid-free board' },
  { id: 'corrugated', label: 'Corrugated cardboard' },
  { id: 'rigid-plastic', label: 'Rigid plastic' },
] as const
export type Material = (typeof MATERIALS)[number]['id']

export const ARCHIVAL_FLAGS = [
  { id: 'acid_free', label: 'Acid-free' },
  { id: 'buffered', label: 'Buffered' },
  { id: 'resealable', label: 'Resealable' },
] as const

/** The limits of the columns: numeric(5,3) inches, numeric(3,1) mil (film, or a board's thickness), and the CHECKs of the migration. */
export const SPEC_LIMITS = {
  width: { max: 40 },
  height: { max: 40 },
  length: { max: 60 },
  thicknessMil: { max: 60 },
  packCount: { max: 10_000 },
  capacity: { max: 5_000 },
} as const

const ERA_IDS = ERAS.map((era) => era.id) as [Era, ...Era[]]
const KIND_IDS = KINDS.map((kind) => kind.id) as [Kind, ...Kind[]]
const MATERIAL_IDS = MATERIALS.map((material) => material.id) as [Material, ...Material[]]

export const eraLabel = (id: Era) => ERAS.find((era) => era.id === id)?.label ?? id
export const kindLabel = (id: Kind) => KINDS.find((kind) => kind.id === id)?.label ?? id
export const materialLabel = (id: Material) => MATERIALS.find((material) => material.id === id)?.label ?? id

/** A decimal a person types, with at most `decimals` places, above 0 and at most `max`; empty is "not known". */
const measure = (what: string, unit: string, max: number, decimals: number) =>
  z.coerce
    .number({ invalid_type_error: `${what} must be a number of ${unit}` })
    .finite(`${what} must be a number of ${unit}`)
    .gt(0, `${what} must be more than 0 ${unit}`)
    .max(max, `${what} must be at most ${max} ${unit}`)
    .refine(
      // A number past the maximum already has its message.
      (value) => value > max || Math.abs(value * 10 ** decimals - Math.round(value * 10 ** decimals)) < 1e-6,
      `${what} takes at most ${decimals} decimal${decimals === 1 ? '' : 's'}`,
    )
    .optional()

const count = (what: string, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(1, `${what} must be at least 1`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')}`)

/** The specs section of the product edit form (Advanced tab). Unchecked boxes and empty fields are absent. */
export const ProductSpecsSchema = z.object({
  kind: z.enum(KIND_IDS, { message: 'Choose a kind from the list.' }).optional(),
  fits: z
    .array(z.enum(ERA_IDS, { message: 'Unknown era' }))
    .max(ERAS.length)
    .default([])
    .transform((eras) => ERA_IDS.filter((era) => eras.includes(era))),
  inner_width: measure('Width', 'inches', SPEC_LIMITS.width.max, 3),
  inner_height: measure('Height', 'inches', SPEC_LIMITS.height.max, 3),
  inner_length: measure('Length', 'inches', SPEC_LIMITS.length.max, 2),
  thickness_mil: measure('Thickness', 'mil', SPEC_LIMITS.thicknessMil.max, 1),
  material: z.enum(MATERIAL_IDS, { message: 'Choose a material from the list.' }).optional(),
  pack_count: count('Pack count', SPEC_LIMITS.packCount.max).default(1),
  capacity: count('Capacity', SPEC_LIMITS.capacity.max).optional(),
  acid_free: z.boolean().default(false),
  buffered: z.boolean().default(false),
  resealable: z.boolean().default(false),
})
export type ProductSpecsInput = z.infer<typeof ProductSpecsSchema>

/** The spec columns as the database returns them (numerics as decimal text). */
export interface ProductSpecs {
  kind: Kind | null
  fits: Era[]
  inner_width: string | null
  inner_height: string | null
  inner_length: string | null
  thickness_mil: string | null
  material: Material | null
  pack_count: number
  capacity: number | null
  acid_free: boolean
  buffered: boolean
  resealable: boolean
}

export const SPEC_COLUMNS = [
  'kind',
  'fits',
  'inner_width',
  'inner_height',
  'inner_length',
  'thickness_mil',
  'material',
  'pack_count',
  'capacity',
  'acid_free',
  'buffered',
  'resealable',
] as const satisfies ReadonlyArray<keyof ProductSpecs>

/** The form's values as columns: what was left empty is stored as unknown (null). */
export function specColumns(input: ProductSpecsInput): ProductSpecs {
  const decimal = (value: number | undefined) => (value === undefined ? null : String(value))
  return {
    kind: input.kind ?? null,
    fits: input.fits,
    inner_width: decimal(input.inner_width),
    inner_height: decimal(input.inner_height),
    inner_length: decimal(input.inner_length),
    thickness_mil: decimal(input.thickness_mil),
    material: input.material ?? null,
    pack_count: input.pack_count,
    capacity: input.capacity ?? null,
    acid_free: input.acid_free,
    buffered: input.buffered,
    resealable: input.resealable,
  }
}

/** "7.25 x 10.5 in" (and "x 15 in" long for a box); null when the size is not known. */
export function formatDimensions(specs: Pick<ProductSpecs, 'inner_width' | 'inner_height' | 'inner_length'>) {
  if (specs.inner_width === null || specs.inner_height === null) return null
  const sides = [specs.inner_width, specs.inner_height, specs.inner_length].filter((side) => side !== null)
  return `${sides.map((side) => String(Number(side))).join(' x ')} in`
}

/** Just the spec columns of a row (for a page's data, which should not carry the rest). */
export function specsOf(row: ProductSpecs): ProductSpecs {
  return Object.fromEntries(SPEC_COLUMNS.map((column) => [column, row[column]])) as unknown as ProductSpecs
}
