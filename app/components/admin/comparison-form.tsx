import { CheckboxGroupField, inputClass, TextareaField } from '#app/components/form-fields.tsx'
import {
  COMPARISON_COLUMNS,
  COMPARISON_LIMITS,
  ComparisonSchema,
  type ComparisonColumn,
} from '#app/schemas/comparison.ts'
import { SluggedRecordForm, useSluggedRecordForm, type RecordFormProps } from './slugged-record-form.tsx'

const COLUMN_OPTIONS = COMPARISON_COLUMNS.map((column) => ({ value: column.id, label: column.label }))

export interface EditedComparison {
  id: number
  name: string
  slug: string
  description: string | null
  columns: ComparisonColumn[]
  asins: string[]
}

/** Add Comparison, or Edit when given the table: name, description, products by ASIN, columns; the slug follows. */
export function ComparisonForm({ comparison, ...props }: RecordFormProps & { comparison?: EditedComparison }) {
  const state = useSluggedRecordForm(
    ComparisonSchema,
    'comparison',
    comparison,
    props,
    comparison
      ? {
          name: comparison.name,
          description: comparison.description ?? '',
          asins: comparison.asins.join('\n'),
          columns: comparison.columns,
        }
      : undefined,
  )
  return (
    <SluggedRecordForm
      state={state}
      noun="comparison"
      record={comparison}
      slugLabel="Address"
      slugPrefix="/compare/"
      {...props}
    >
      <TextareaField meta={state.fields.description} label="Description (optional)" rows={2} />
      <TextareaField
        meta={state.fields.asins}
        label="Products (ASINs)"
        rows={6}
        inputClassName={`${inputClass} font-mono`}
        hint={`One ASIN a line, in the order the table lists them; at most ${COMPARISON_LIMITS.products}.`}
      />
      <CheckboxGroupField meta={state.fields.columns} legend="Columns" options={COLUMN_OPTIONS} />
    </SluggedRecordForm>
  )
}
