import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Field, TextareaField } from '#app/components/form-fields.tsx'
import { firstErrorOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { CategorySchema } from '#app/schemas/category.ts'
import { slugify } from '#app/utils/slug.ts'
import { rowButton } from './styles.ts'

export interface EditedCategory {
  id: number
  name: string
  slug: string
  description: string | null
  image_url: string | null
}

/** Add Category, or Edit when given the category (SPEC §5): name, description, picture; the slug follows. */
export function CategoryForm({
  category,
  action,
  cancelTo,
  lastResult,
}: {
  category?: EditedCategory
  action: string
  cancelTo: string
  lastResult?: SubmissionResult<string[]>
}) {
  const saving = useIsPending({ formAction: action })
  const [form, fields] = useZodForm(CategorySchema, {
    id: category ? `category-${category.id}` : 'category-new',
    lastResult,
    defaultValue: category
      ? { name: category.name, description: category.description ?? '', image_url: category.image_url ?? '' }
      : undefined,
  })
  const slug = category ? category.slug : slugify(typeof fields.name.value === 'string' ? fields.name.value : '')

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={category ? 'update' : 'create'} />
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      {/* SPEC §8: the title "with the message" — a refused save names its first field message here too. */}
      <FormErrors
        id={form.errorId}
        errors={form.errors?.length ? form.errors : firstErrorOf(lastResult)}
        title={category ? 'Failed to update category' : 'Failed to create category'}
      />
      <Field
        meta={fields.name}
        label="Name"
        hint={
          <>
            Slug: <span className="font-mono">{slug || '—'}</span>
            {category ? ' (it stays the same when the name changes)' : ' (made from the name)'}
          </>
        }
      />
      <TextareaField meta={fields.description} label="Description (optional)" rows={3} />
      <Field
        meta={fields.image_url}
        label="Image URL (optional)"
        inputMode="url"
        hint="An https:// address or a path on this site, such as /images/categories/bags.svg."
      />
      <div className="flex gap-3">
        <StatusButton pending={saving} pendingText="Saving..." className={rowButton.primary}>
          {category ? 'Save Changes' : 'Add Category'}
        </StatusButton>
        <Link to={cancelTo} preventScrollReset className={rowButton.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  )
}
