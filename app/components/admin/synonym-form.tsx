import { getFormProps } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, SelectField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { DIRECTIONS, SYNONYM_MAX_LENGTH, SynonymSchema } from '#app/schemas/search-words.ts'
import type { RecordFormProps } from './slugged-record-form.tsx'
import { rowButton } from './styles.ts'

export interface EditedSynonym {
  id: number
  words: string
  synonym: string
  both_ways: boolean
}

/**
 * Add Synonym, or Edit when given one: the words collectors type, the synonym they also mean, and the direction.
 * `words` prefills a new pair (a query that found nothing, from the report below the list); `offered` are searches
 * that find products, which the synonym field offers to pick from.
 */
export function SynonymForm({
  synonym,
  words,
  offered,
  action,
  cancelTo,
  lastResult,
}: RecordFormProps & { synonym?: EditedSynonym; words?: string; offered: readonly string[] }) {
  const saving = useIsPending({ formAction: action })
  const [form, fields] = useZodForm(SynonymSchema, {
    id: synonym ? `synonym-${synonym.id}` : 'synonym-new',
    lastResult,
    defaultValue: synonym
      ? { words: synonym.words, synonym: synonym.synonym, direction: synonym.both_ways ? 'both-ways' : 'one-way' }
      : { words: words ?? '', synonym: '', direction: 'both-ways' },
  })
  const offeredId = 'synonym-offered'
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={synonym ? 'update' : 'create'} />
      {synonym ? <input type="hidden" name="id" value={synonym.id} /> : null}
      <FormErrors
        id={form.errorId}
        errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
        title={synonym ? 'Failed to update synonym' : 'Failed to create synonym'}
      />
      <Field
        meta={fields.words}
        label="Words"
        hint={`What collectors type, up to ${SYNONYM_MAX_LENGTH} characters (saved lower-case).`}
        autoComplete="off"
      />
      <Field
        meta={fields.synonym}
        label="Synonym"
        hint="What the words also find: type it, or pick a search that finds products."
        autoComplete="off"
        list={offered.length > 0 ? offeredId : undefined}
      />
      {offered.length > 0 ? (
        <datalist id={offeredId}>
          {offered.map((term) => (
            <option key={term} value={term} />
          ))}
        </datalist>
      ) : null}
      <SelectField meta={fields.direction} label="Direction" options={DIRECTIONS} />
      <div className="flex gap-3">
        <StatusButton pending={saving} pendingText="Saving..." className={rowButton.primary}>
          {synonym ? 'Save Changes' : 'Add Synonym'}
        </StatusButton>
        <Link to={cancelTo} preventScrollReset className={rowButton.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
