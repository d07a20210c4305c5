import { CheckboxField, CheckboxGroupField, Field, SelectField } from '#app/components/form-fields.tsx'
import type { useZodForm } from '#app/components/forms.tsx'
import type { ProductEditSchema } from '#app/schemas/admin-products.ts'
import { ARCHIVAL_FLAGS, ERAS, KINDS, MATERIALS } from '#app/schemas/product-specs.ts'

const NOT_SET = { value: '', label: 'Not set' }
const KIND_OPTIONS = [NOT_SET, ...KINDS.map((kind) => ({ value: kind.id, label: kind.label }))]
const MATERIAL_OPTIONS = [NOT_SET, ...MATERIALS.map((material) => ({ value: material.id, label: material.label }))]
const ERA_OPTIONS = ERAS.map((era) => ({ value: era.id, label: era.label }))

type EditFields = ReturnType<typeof useZodForm<typeof ProductEditSchema>>[1]

/** The product's specs (docs/decisions/040), in the Advanced section: an empty field is "not known". */
export function SpecFields({ fields }: { fields: EditFields }) {
  const decimal = { type: 'number', min: '0', inputMode: 'decimal' } as const
  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-4">
      <legend className="float-left mb-2 w-full font-semibold">Specifications</legend>
      <SelectField meta={fields.kind} label="Kind" options={KIND_OPTIONS} />
      <CheckboxGroupField
        meta={fields.fits}
        legend="Fits"
        options={ERA_OPTIONS}
        hint="The comic eras it is made for."
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field meta={fields.inner_width} label="Inner width (inches)" step="0.001" {...decimal} />
        <Field meta={fields.inner_height} label="Inner height (inches)" step="0.001" {...decimal} />
        <Field meta={fields.inner_length} label="Inner length (inches)" step="0.01" hint="Boxes" {...decimal} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.thickness_mil} label="Thickness (mil)" step="0.1" {...decimal} />
        <SelectField meta={fields.material} label="Material" options={MATERIAL_OPTIONS} />
        <Field
          meta={fields.pack_count}
          label="Pack count"
          type="number"
          step="1"
          min="1"
          hint="Items in one purchase"
        />
        <Field
          meta={fields.capacity}
          label="Capacity (books)"
          type="number"
          step="1"
          min="1"
          hint="Boxes: the books one holds"
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Archival</legend>
        {ARCHIVAL_FLAGS.map((flag) => (
          <CheckboxField key={flag.id} meta={fields[flag.id]} label={flag.label} />
        ))}
      </fieldset>
    </fieldset>
  )
}
