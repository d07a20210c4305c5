import { Field, TextareaField } from '#app/components/form-fields.tsx'
import { CategorySchema } from '#app/schemas/category.ts'
import { SluggedRecordForm, useSluggedRecordForm, type RecordFormProps } from './slugged-record-form.tsx'

export interface EditedCategory {
  id: number
  name: string
  slug: string
  description: string | null
  image_url: string | null
}

/** Add Category, or Edit when given the category (SPEC §5): name, description, picture; the slug follows. */
export function CategoryForm({ category, ...props }: RecordFormProps & { category?: EditedCategory }) {
  const state = useSluggedRecordForm(
    CategorySchema,
    'category',
    category,
    props,
    category
      ? { name: category.name, description: category.description ?? '', image_url: category.image_url ?? '' }
      : undefined,
  )
  return (
    <SluggedRecordForm state={state} noun="category" record={category} slugLabel="Slug" {...props}>
      <TextareaField meta={state.fields.description} label="Description (optional)" rows={3} />
      <Field
        meta={state.fields.image_url}
        label="Image URL (optional)"
        inputMode="url"
        hint="An https:// address or a path on this site, such as /images/categories/bags.svg."
      />
    </SluggedRecordForm>
  )
}
