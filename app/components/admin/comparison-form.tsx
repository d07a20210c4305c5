import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { CheckboxGroupField, Field, inputClass, TextareaField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import {
  COMPARISON_COLUMNS,
  COMPARISON_LIMITS,
  ComparisonSchema,
  type ComparisonColumn,
} from '#app/schemas/comparison.ts'
import { slugify } from '#app/utils/slug.ts'
import { rowButton } from './styles.ts'

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
export function ComparisonForm({
  comparison,
  action,
  cancelTo,
  lastResult,
}: {
  comparison?: EditedComparison
  action: string
  cancelTo: string
  lastResult?: SubmissionResult<string[]>
}) {
  const saving = useIsPending({ formAction: action })
  const [form, fields] = useZodForm(ComparisonSchema, {
    id: comparison ? `comparison-${comparison.id}` : 'comparison-new',
    lastResult,
    defaultValue: comparison
      ? {
          name: comparison.name,
          description: comparison.description ?? '',
          asins: comparison.asins.join('\n'),
          columns: comparison.columns,
        }
      : undefined,
  })
  const slug = comparison ? comparison.slug : slugify(typeof fields.name.value === 'string' ? fields.name.value : '')

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={comparison ? 'update' : 'create'} />
      {comparison ? <input type="hidden" name="id" value={comparison.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
        title={comparison ? 'Failed to update comparison' : 'Failed to create comparison'}
      />
      <Field
        meta={fields.name}
        label="Name"
        hint={
          <>
            Address: <span className="font-mono">/compare/{slug || '—'}</span>
            {comparison ? ' (it stays the same when the name changes)' : ' (made from the name)'}
          </>
        }
      />
      <TextareaField meta={fields.description} label="Description (optional)" rows={2} />
      <TextareaField
        meta={fields.asins}
        label="Products (ASINs)"
        rows={6}
        inputClassName={`${inputClass} font-mono`}
        hint={`One ASIN a line, in the order the table lists them; at most ${COMPARISON_LIMITS.products}.`}
      />
      <CheckboxGroupField meta={fields.columns} legend="Columns" options={COLUMN_OPTIONS} />
      <div className="flex gap-3">
        <StatusButton pending={saving} pendingText="Saving..." className={rowButton.primary}>
          {comparison ? 'Save Changes' : 'Add Comparison'}
        </StatusButton>
        <Link to={cancelTo} preventScrollReset className={rowButton.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
