import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useState, type MouseEvent } from 'react'
import { Field, SelectField, TextareaField } from '#app/components/form-fields.tsx'
import { formErrorsOf, FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { ProductEditSchema, type ProductColumns } from '#app/schemas/admin-products.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { UsedIn, type EmbeddingDocument } from './embedding-documents.tsx'
import { MediaPickerDialog } from './media-picker.tsx'
import { PanelDialog } from './panel-dialog.tsx'
import { Gallery } from './product-gallery.tsx'
import { Section, SectionTabs, type SectionId } from './product-sections.tsx'
import { SpecFields } from './product-spec-fields.tsx'

// The product edit panel (SPEC §2) over the list: with JavaScript it slides in and its three sections are
// tabs; without it, it is the list's page with the whole form shown. Leaving with unsaved changes asks first.
// Above the form, the guides and pages that embed the product (docs/decisions/052), on every tab.

export type EditedProduct = ProductColumns & { asin: string }

const FIX_FIELDS = 'Please correct the fields marked below.'
const DISCARD = 'Discard your unsaved changes?'
const closeClass = 'rounded-md border border-slate-300 font-medium'

export function ProductEditPanel({
  product,
  categories,
  usedIn,
  closeTo,
  pickerReturn,
  unsavedPicks,
  canEdit,
  lastResult,
}: {
  product: EditedProduct
  categories: Array<{ id: number; name: string }>
  /** The guides and pages whose text embeds the product. */
  usedIn: EmbeddingDocument[]
  /** The list, with its filters. */
  closeTo: string
  /** This panel's address, for the media picker's page to come back to. */
  pickerReturn: string
  unsavedPicks: boolean
  canEdit: boolean
  lastResult?: SubmissionResult<string[]>
}) {
  const [section, setSection] = useState<SectionId>('basic')
  // With JavaScript, the panel is enhanced: its sections are tabs and the picker is a dialog.
  const enhanced = useHydrated()
  const [dirty, setDirty] = useState(unsavedPicks)
  const [gallery, setGallery] = useState(product.images)
  const [picking, setPicking] = useState(false)
  const saving = useIsPending()

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const [form, fields] = useZodForm(ProductEditSchema, {
    id: 'edit-product',
    lastResult,
    defaultValue: formDefaults(product),
  })

  const confirmClose = (event: MouseEvent) => {
    if (dirty && !window.confirm(DISCARD)) event.preventDefault()
  }
  const sectionProps = (id: SectionId) => ({ id, current: section, tabs: enhanced })
  // The form's own message; else, when only fields were refused (perhaps on another tab), a pointer to them.
  const formErrors = formErrorsOf(lastResult) ?? (lastResult?.status === 'error' ? [FIX_FIELDS] : null)
  // A list typed as one comma-separated text field: not `multiple`, and it may be empty.
  const commaList = { multiple: false, required: false }

  return (
    <PanelDialog
      labelledBy="edit-heading"
      closeTo={closeTo}
      confirmClose={() => !dirty || window.confirm(DISCARD)}
      placement="side"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="edit-heading" className="text-2xl font-bold">
            Edit product
          </h2>
          <p className="mt-1 font-mono text-sm text-slate-600">{product.asin}</p>
        </div>
        <Link to={closeTo} onClick={confirmClose} preventScrollReset className={`${closeClass} px-3 py-1.5 text-sm`}>
          Close
        </Link>
      </div>
      <UsedIn documents={usedIn} />
      <FormErrors id={form.errorId} errors={formErrors} title="Failed to update product" className="mt-4" />
      {enhanced ? <SectionTabs current={section} onSelect={setSection} /> : null}
      <Form
        method="post"
        {...getFormProps(form)}
        onChange={() => setDirty(true)}
        preventScrollReset
        className="mt-6 space-y-6"
      >
        <fieldset disabled={!canEdit} className="space-y-6">
          <Section {...sectionProps('basic')}>
            <Field meta={fields.title} label="Title" />
            <Field meta={fields.brand} label="Brand" />
            <SelectField
              meta={fields.category_id}
              label="Category"
              options={[
                { value: '', label: 'No category' },
                ...categories.map((category) => ({ value: String(category.id), label: category.name })),
              ]}
            />
          </Section>

          <Section {...sectionProps('content')}>
            <TextareaField meta={fields.description} label="Description" rows={6} />
            <Field
              meta={fields.badges}
              label="Badges"
              hint="Separated by commas, e.g. Acid-free, Best seller"
              {...commaList}
            />
            <Field meta={fields.keywords} label="Keywords" hint="Separated by commas" {...commaList} />
            <Field meta={fields.image_url} label="Main image URL" />
            <Gallery
              images={gallery}
              errors={fields.images.errors}
              errorId={fields.images.errorId}
              pickerHref={`/admin/media/picker?returnTo=${encodeURIComponent(pickerReturn)}`}
              onPick={
                enhanced
                  ? (event) => {
                      event.preventDefault()
                      setPicking(true)
                    }
                  : undefined
              }
            />
          </Section>

          <Section {...sectionProps('advanced')}>
            <Field meta={fields.affiliate_url} label="Affiliate URL" type="url" />
            <Field
              meta={fields.manual_price}
              label="Manual price (USD)"
              type="number"
              step="0.01"
              min="0"
              hint="Overrides Amazon's price. Leave empty to show Amazon's."
            />
            <SpecFields fields={fields} />
          </Section>
        </fieldset>
        <div className="flex gap-3 border-t border-slate-200 pt-4">
          <StatusButton
            pending={saving}
            pendingText="Saving..."
            disabled={!canEdit}
            className="rounded-md bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
          >
            Save changes
          </StatusButton>
          <Link to={closeTo} onClick={confirmClose} preventScrollReset className={`${closeClass} px-5 py-2`}>
            Cancel
          </Link>
        </div>
      </Form>
      {/* Outside the form: the picker's own controls must not be submitted with the product. */}
      <MediaPickerDialog
        open={picking}
        onClose={() => setPicking(false)}
        onConfirm={(files) => {
          setGallery((current) => [...new Set([...current, ...files.map((file) => file.url)])])
          setDirty(true)
        }}
      />
    </PanelDialog>
  )
}

/** The form's fields as the product has them: a missing value an empty field, a list comma-separated text. */
function formDefaults(product: EditedProduct) {
  return {
    ...product,
    brand: product.brand ?? '',
    category_id: product.category_id ? String(product.category_id) : '',
    description: product.description ?? '',
    badges: product.badges.join(', '),
    keywords: product.keywords.join(', '),
    affiliate_url: product.affiliate_url ?? '',
    image_url: product.image_url ?? '',
    manual_price: product.manual_price ?? '',
    // Unknown specs are empty fields ("Not set").
    kind: product.kind ?? '',
    material: product.material ?? '',
    inner_width: product.inner_width ?? '',
    inner_height: product.inner_height ?? '',
    inner_length: product.inner_length ?? '',
    thickness_mil: product.thickness_mil ?? '',
    capacity: product.capacity ?? '',
  }
}
