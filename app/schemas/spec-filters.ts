import { ERAS, MATERIALS, SPEC_LIMITS, type Era, type Material } from './product-specs.ts'

/**
 * The spec filters of the category and search pages (decision 041), read from the URL: the eras a product must fit
 * (any of them), its material (any of them) and a thickness range in mil. Like the other listing filters they
 * are never an error: unknown eras and materials are dropped, repeats removed and the rest put in the
 * vocabulary's order; a thickness that is not a number from 0 to the column's limit is ignored, others snapped
 * to THICKNESS_FILTER's step, a reversed range put the right way round. So one choice has one URL.
 */

export interface SpecFilters {
  fits: Era[]
  materials: Material[]
  /** null: no bound. */
  minThickness: number | null
  maxThickness: number | null
}

export const NO_SPEC_FILTERS: SpecFilters = { fits: [], materials: [], minThickness: null, maxThickness: null }

export const THICKNESS_FILTER = { min: 0, max: SPEC_LIMITS.thicknessMil.max, step: 0.5 } as const

/** The thickness bounds offered (mil): film from 1 to 6, boards by their points (a point is a mil). */
export const THICKNESS_STEPS = [1, 1.5, 2, 3, 4, 6, 10, 20, 24, 30, 42] as const

/**
 * What the spec filters can offer for a listing: the eras and materials its visible products have, and whether
 * any has a thickness. A facet with nothing to offer is not shown.
 */
export interface SpecFacets {
  eras: Era[]
  materials: Material[]
  thickness: boolean
}

export function parseSpecFilters(params: URLSearchParams): SpecFilters {
  const fits = new Set(params.getAll('fits'))
  const materials = new Set(params.getAll('material'))
  const low = thickness(params.get('tmin'))
  const high = thickness(params.get('tmax'))
  const [minThickness, maxThickness] = low !== null && high !== null && low > high ? [high, low] : [low, high]
  return {
    fits: ERAS.map((era) => era.id).filter((era) => fits.has(era)),
    materials: MATERIALS.map((material) => material.id).filter((material) => materials.has(material)),
    // 0 and the column's limit bound nothing.
    minThickness: minThickness === THICKNESS_FILTER.min ? null : minThickness,
    maxThickness: maxThickness === THICKNESS_FILTER.max ? null : maxThickness,
  }
}

function thickness(value: string | null): number | null {
  const number = value === null || value.trim() === '' ? NaN : Number(value)
  if (!Number.isFinite(number) || number < THICKNESS_FILTER.min) return null
  const snapped = Math.round(number / THICKNESS_FILTER.step) * THICKNESS_FILTER.step
  return Math.min(THICKNESS_FILTER.max, snapped)
}

/** True when any spec filter narrows the list. */
export function specFiltersSet(spec: SpecFilters): boolean {
  return specFilterCount(spec) > 0
}

/** How many spec filters are set: each era and material ticked, and the thickness range as one. */
export function specFilterCount(spec: SpecFilters): number {
  return spec.fits.length + spec.materials.length + Number(spec.minThickness !== null || spec.maxThickness !== null)
}

/** Whether a listing has any spec filter to offer (or to undo). */
export function offersSpecFilters(facets: SpecFacets, spec: SpecFilters): boolean {
  return facets.eras.length > 0 || facets.materials.length > 0 || facets.thickness || specFiltersSet(spec)
}
