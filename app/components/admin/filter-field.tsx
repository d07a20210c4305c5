import type { ReactNode } from 'react'
import { Options } from '#app/components/form-fields.tsx'

/** One field of a panel GET filter, labelled above: a plain control, since a filter has nothing to refuse. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  )
}

const selectClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm'

/** A select of a panel GET filter (a value that cannot be one is "all"); `all`, when given, is the first option's label. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  all,
  className = selectClass,
}: {
  id: string
  name: string
  label: string
  value: string
  options: ReadonlyArray<readonly [value: string | number, label: string]>
  all?: string
  className?: string
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value} className={className}>
        {all === undefined ? null : <option value="">{all}</option>}
        <Options options={options.map(([optionValue, optionLabel]) => ({ value: optionValue, label: optionLabel }))} />
      </select>
    </FilterField>
  )
}
