import { ERAS, type Era } from './product-specs.ts'

/**
 * The fit finder's question, read from its address (/fit?era=silver&silver=120): the eras ticked and, for each,
 * how many books. Whatever a person or a bot puts there becomes a sane question, never an error: unknown eras are
 * dropped, a count that is not a number is ignored, one out of range is clamped, a fraction is rounded down.
 */

export const FIT_COUNT_MAX = 100_000

export interface FitQuery {
  /** The eras chosen, in the sizes guide's order, each once. */
  eras: Era[]
  /** Books per chosen era, when given (0 included). */
  counts: Partial<Record<Era, number>>
}

export function parseFitQuery(params: URLSearchParams): FitQuery {
  const ticked = new Set(params.getAll('era'))
  const eras = ERAS.map((era) => era.id).filter((era) => ticked.has(era))
  const counts: FitQuery['counts'] = {}
  for (const era of eras) {
    const count = parseCount(params.get(era))
    if (count !== null) counts[era] = count
  }
  return { eras, counts }
}

function parseCount(value: string | null): number | null {
  const text = value?.trim() ?? ''
  // Number('') is 0 and Number('0x10') is 16: only plain decimals are counts.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null
  const count = Number(text)
  if (!Number.isFinite(count)) return null
  return Math.min(FIT_COUNT_MAX, Math.max(0, Math.floor(count)))
}
