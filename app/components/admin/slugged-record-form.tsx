import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { z } from 'zod'
import { Field } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { slugify } from '#app/utils/slug.ts'
import { rowButton } from './styles.ts'

/** What the panel's add-or-edit dialogs hand their form. */
export interface RecordFormProps {
  action: string
  cancelTo: string
  lastResult?: SubmissionResult<string[]>
}

/** The form's state, keyed by the record it edits (or "new"), and whether its save is under way. */
export function useSluggedRecordForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  noun: string,
  record: { id: number } | undefined,
  { action, lastResult }: RecordFormProps,
  defaultValue?: Record<string, unknown>,
) {
  const saving = useIsPending({ formAction: action })
  const [form, fields] = useZodForm(schema, {
    id: record ? `${noun}-${record.id}` : `${noun}-new`,
    lastResult,
    defaultValue,
  })
  return { form, fields, saving }
}

/**
 * The add-or-edit form of a record its name's slug addresses (a category, a comparison table): create, or update with
 * the id; a refusal titled with its first field message too (SPEC §8); the name, with the slug it makes (or keeps);
 * `children`, the other fields; then the save and Cancel.
 */
export function SluggedRecordForm<Schema extends Record<string, unknown>>({
  noun,
  record,
  state: { form, fields, saving },
  slugLabel,
  slugPrefix,
  action,
  cancelTo,
  lastResult,
  children,
}: RecordFormProps & {
  /** As in "Failed to create category"; capitalised in "Add Category". */
  noun: string
  record?: { id: number; slug: string }
  state: { form: FormMetadata<Schema, string[]>; fields: { name: FieldMetadata<unknown> }; saving: boolean }
  slugLabel: string
  /** Shown before the slug: the address it makes. */
  slugPrefix?: string
  children: ReactNode
}) {
  const slug = record ? record.slug : slugify(typeof fields.name.value === 'string' ? fields.name.value : '')
  const shown = slug || '—'
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={record ? 'update' : 'create'} />
      {record ? <input type="hidden" name="id" value={record.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
        title={record ? `Failed to update ${noun}` : `Failed to create ${noun}`}
      />
      <Field
        meta={fields.name}
        label="Name"
        hint={
          <>
            {`${slugLabel}: `}
            <span className="font-mono">
              {slugPrefix ? (
                <>
                  {slugPrefix}
                  {shown}
                </>
              ) : (
                shown
              )}
            </span>
            {record ? ' (it stays the same when the name changes)' : ' (made from the name)'}
          </>
        }
      />
      {children}
      <div className="flex gap-3">
        <StatusButton pending={saving} pendingText="Saving..." className={rowButton.primary}>
          {record ? 'Save Changes' : `Add ${noun.charAt(0).toUpperCase()}${noun.slice(1)}`}
        </StatusButton>
        <Link to={cancelTo} preventScrollReset className={rowButton.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
