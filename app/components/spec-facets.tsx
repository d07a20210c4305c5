import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useEffect, useState, type ReactNode } from 'react'
import { tidyListingQuery } from '#app/schemas/category-filters.ts'
import { ERAS, MATERIALS, type Era, type Material } from '#app/schemas/product-specs.ts'
import { THICKNESS_STEPS, type SpecFacets, type SpecFilters } from '#app/schemas/spec-filters.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Options } from './form-fields.tsx'

/**
 * A listing's filter form (category and search pages): a GET form, so every filtered view has its own URL and
 * works without JavaScript (Apply filters). With JavaScript each change applies at once, replacing the history
 * entry rather than piling them up.
 */
export function FilterForm({
  children,
  activeFilters,
  className = 'space-y-6 lg:self-start',
}: {
  children: ReactNode
  /** How many filters narrow the list now, said on the phone's "Filters" control. */
  activeFilters: number
  /** The layout: a column beside the results by default. */
  className?: string
}) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const hydrated = useHydrated()
  // Only the filters set go in the address (the server would send the rest on to it anyway).
  const submitTidy = (form: HTMLFormElement) =>
    submit(tidyListingQuery(new URLSearchParams([...new FormData(form)].map(([name, value]) => [name, `${value}`]))), {
      method: 'get',
      replace: true,
      preventScrollReset: true,
    })
  return (
    <>
      {/* Below md the form hides behind this disclosure, so the first products show in the first screen; its
          summary is the control (a button with its state, no JavaScript needed), the form its next sibling. */}
      <details className="rounded-lg border border-slate-200 bg-white md:hidden">
        <summary className="cursor-pointer px-4 py-3 font-medium">
          Filters{activeFilters > 0 ? ` (${activeFilters} active)` : ''}
        </summary>
      </details>
      <Form
        method="get"
        preventScrollReset
        onChange={(event) => submitTidy(event.currentTarget)}
        onSubmit={(event) => {
          event.preventDefault()
          submitTidy(event.currentTarget)
        }}
        className={`rounded-lg border border-slate-200 bg-white p-4 max-md:[details:not([open])+&]:hidden ${className}`}
        aria-label="Filter products"
      >
        {children}
        {hydrated ? (
          navigation.state === 'loading' ? (
            <p className="text-sm text-slate-500">Updating…</p>
          ) : null
        ) : (
          <button
            type="submit"
            className="w-full rounded-md bg-slate-900 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700"
          >
            Apply filters
          </button>
        )}
      </Form>
    </>
  )
}

/**
 * The spec filters' fields (URL parameters fits, material, tmin, tmax): each facet only where the listing's
 * products have it, and any value the URL chose besides, so it can be unticked. Controlled and following the
 * URL, like the other filters: new results must not rebuild the control that has the focus.
 */
export function SpecFacetFields({ facets, spec }: { facets: SpecFacets; spec: SpecFilters }) {
  const [fits, setFits] = useState(spec.fits)
  const [materials, setMaterials] = useState(spec.materials)
  const [tmin, setTmin] = useState(spec.minThickness)
  const [tmax, setTmax] = useState(spec.maxThickness)
  useEffect(() => {
    setFits(spec.fits)
    setMaterials(spec.materials)
    setTmin(spec.minThickness)
    setTmax(spec.maxThickness)
  }, [spec.fits, spec.materials, spec.minThickness, spec.maxThickness])

  const eras = ERAS.filter((era) => facets.eras.includes(era.id) || spec.fits.includes(era.id))
  const offered = MATERIALS.filter(
    (material) => facets.materials.includes(material.id) || spec.materials.includes(material.id),
  )
  const thickness = facets.thickness || spec.minThickness !== null || spec.maxThickness !== null
  return (
    <>
      <CheckboxFacet legend="Fits" name="fits" options={eras} chosen={fits} onChange={setFits} />
      <CheckboxFacet legend="Material" name="material" options={offered} chosen={materials} onChange={setMaterials} />
      {thickness ? (
        <fieldset>
          <legend className="text-sm font-medium">Thickness (mil)</legend>
          <div className="mt-2 grid grid-cols-2 gap-2">
            <ThicknessSelect name="tmin" label="At least" value={tmin} onChange={setTmin} />
            <ThicknessSelect name="tmax" label="At most" value={tmax} onChange={setTmax} />
          </div>
        </fieldset>
      ) : null}
    </>
  )
}

/** A facet's values as checkboxes ("any of these"); nothing at all when it has none to offer. */
function CheckboxFacet<Id extends Era | Material>({
  legend,
  name,
  options,
  chosen,
  onChange,
}: {
  legend: string
  name: 'fits' | 'material'
  options: ReadonlyArray<{ id: Id; label: string }>
  chosen: Id[]
  onChange: (chosen: Id[]) => void
}) {
  if (options.length === 0) return null
  return (
    <fieldset>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 space-y-1">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked ? [...chosen, option.id] : chosen.filter((other) => other !== option.id),
                )
              }
              className="accent-brand-600"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** One end of the thickness range; a bound the URL chose between the steps is offered too. */
function ThicknessSelect({
  name,
  label,
  value,
  onChange,
}: {
  name: 'tmin' | 'tmax'
  label: string
  value: number | null
  onChange: (value: number | null) => void
}) {
  const steps: number[] = [...THICKNESS_STEPS]
  if (value !== null && !steps.includes(value)) steps.push(value)
  steps.sort((a, b) => a - b)
  return (
    <div>
      <label htmlFor={name} className="block text-xs text-slate-600">
        {label}
      </label>
      <select
        id={name}
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
      >
        <option value="">Any</option>
        <Options options={steps.map((step) => ({ value: step, label: `${step} mil` }))} />
      </select>
    </div>
  )
}
