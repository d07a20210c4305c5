import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { invariantResponse } from '@epic-web/invariant'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState, type MouseEvent } from 'react'
import { FormAlert } from '#app/components/admin/auth-page.tsx'
import { MediaPickerDialog } from '#app/components/admin/media-picker.tsx'
import { commaList, Gallery, Section, withoutKey } from '#app/components/admin/product-form-parts.tsx'
import { usePanelUser } from '#app/components/admin/use-panel-user.ts'
import { FieldError } from '#app/components/field-error.tsx'
import { Link } from '#app/components/link.tsx'
import { getEnv } from '#app/lib/env.server.ts'
import { invalidatePages } from '#app/lib/page-invalidation.server.ts'
import { productChanged, type PageTag } from '#app/lib/page-tags.ts'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { can } from '#app/lib/permissions.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import {
  categoryExists,
  getProductForEdit,
  listCategoryOptions,
  lockProduct,
  updateProduct,
  type ProductChanges,
} from '#app/models/admin-product.server.ts'
import { changedFields, writeAudit } from '#app/models/audit.server.ts'
import { categorySlugs } from '#app/models/category.server.ts'
import { ProductEditSchema } from '#app/schemas/admin-products.ts'
import { parseId } from '#app/schemas/params.ts'
import { normaliseAffiliateUrl } from '#app/utils/affiliate.ts'
import { readFormData } from '#app/utils/form-data.server.ts'
import { requestUrl } from '#app/utils/request-url.ts'
import { db } from '#db/client.ts'

// The product edit panel (SPEC §2): a nested route over the list. With JavaScript it slides in and its
// three sections are tabs; without it, it is the list's page with the whole form shown.

const FORM_ID = 'edit-product'

function productId(params: { id?: string }): number {
  const id = parseId(params.id)
  invariantResponse(id !== null, 'Product not found.', { status: 404 })
  return id
}

/** The list's own query (filters, page), so closing or saving returns to the same place. */
function listQuery(url: URL): string {
  const params = new URLSearchParams(url.search)
  params.delete('images')
  const query = params.toString()
  return query ? `?${query}` : ''
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const id = productId(params)
  const [product, categories] = await Promise.all([getProductForEdit(db, id), listCategoryOptions(db)])
  invariantResponse(product, 'Product not found.', { status: 404 })
  // Coming back from the media picker without JavaScript: its choice is added to the gallery, not yet saved.
  const url = requestUrl(request)
  const picked = url.searchParams
    .getAll('images')
    .filter((image) => image.startsWith('/') || /^https?:\/\//.test(image))
  return {
    product: { ...product, images: [...new Set([...product.images, ...picked])] },
    categories,
    listQuery: listQuery(url),
    unsavedPicks: picked.length > 0,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.product.title} | Admin` : 'Product not found.' },
]

const emptyToNull = <T,>(value: T | undefined) => (value === undefined || value === '' ? null : value)

export async function action({ params, request }: ActionFunctionArgs) {
  const user = await requirePanelUser(request, 'edit')
  const id = productId(params)
  const back = `/admin/products${listQuery(requestUrl(request))}`
  const refuse = (result: SubmissionResult<string[]>, status: number) => data({ result }, { status })

  const formData = await readFormData(request, 128 * 1024)
  if (!formData) return refuse({ status: 'error', error: { '': ['The form is too large to save.'] } }, 413)
  const submission = parseWithZod(formData, { schema: ProductEditSchema })
  if (submission.status !== 'success') return refuse(submission.reply(), 400)
  const form = submission.value
  if (form.category_id && !(await categoryExists(db, form.category_id))) {
    return refuse(submission.reply({ fieldErrors: { category_id: ['That category no longer exists.'] } }), 400)
  }

  const changes: ProductChanges = {
    title: form.title,
    brand: emptyToNull(form.brand),
    category_id: form.category_id ?? null,
    description: emptyToNull(form.description),
    badges: form.badges,
    keywords: form.keywords,
    // On Amazon's hosts, whatever tag was pasted becomes ours (SPEC §5).
    affiliate_url: form.affiliate_url ? normaliseAffiliateUrl(form.affiliate_url, getEnv().AFFILIATE_TAG) : null,
    image_url: emptyToNull(form.image_url),
    images: form.images,
    manual_price: form.manual_price === undefined ? null : form.manual_price.toFixed(2),
  }
  const touched = await db.transaction().execute(async (trx): Promise<readonly PageTag[] | null> => {
    const before = await lockProduct(trx, id)
    if (!before) return null
    const diff = changedFields(before, changes)
    if (Object.keys(diff).length === 0) return [] // nothing saved, nothing to drop
    await updateProduct(trx, id, changes)
    await writeAudit(trx, { actorId: user.id, entityType: 'PRODUCT', entityId: id, action: 'UPDATE', diff })
    // The category it left loses its card, the one it joined gains it.
    return productChanged(before.asin, await categorySlugs(trx, [before.category_id, changes.category_id]))
  })

  if (!touched) return refuse(submission.reply({ formErrors: ['That product no longer exists.'] }), 404)
  if (touched.length > 0) await invalidatePages(touched)
  return redirectWithToast(back, { title: 'Product updated successfully' }, { status: 303 })
}

const SECTIONS = [
  { id: 'basic', label: 'Basic' },
  { id: 'content', label: 'Content' },
  { id: 'advanced', label: 'Advanced' },
] as const
type SectionId = (typeof SECTIONS)[number]['id']

export default function EditProduct() {
  const { product, categories, listQuery, unsavedPicks } = useLoaderData<typeof loader>()
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const { role } = usePanelUser()
  const canEdit = can(role, 'edit')
  const [section, setSection] = useState<SectionId>('basic')
  const [enhanced, setEnhanced] = useState(false)
  const [dirty, setDirty] = useState(unsavedPicks)
  const [gallery, setGallery] = useState(product.images)
  const [picking, setPicking] = useState(false)
  const closeTo = `/admin/products${listQuery}`

  useEffect(() => setEnhanced(true), [])
  // Leaving the page with unsaved changes asks first (the close button asks too).
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: reply?.result,
    constraint: getZodConstraint(ProductEditSchema),
    defaultValue: {
      ...product,
      brand: product.brand ?? '',
      category_id: product.category_id ? String(product.category_id) : '',
      description: product.description ?? '',
      badges: product.badges.join(', '),
      keywords: product.keywords.join(', '),
      affiliate_url: product.affiliate_url ?? '',
      image_url: product.image_url ?? '',
      manual_price: product.manual_price ?? '',
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProductEditSchema }),
  })

  const confirmClose = (event: MouseEvent) => {
    if (dirty && !window.confirm('Discard your unsaved changes?')) event.preventDefault()
  }
  const saving = navigation.state === 'submitting' && navigation.formAction?.startsWith(location.pathname)
  const field =
    'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm aria-invalid:border-red-700'
  const label = 'block text-sm font-medium text-slate-900'
  const sectionProps = (id: SectionId) => ({
    id: `section-${id}`,
    hidden: enhanced && section !== id,
    ...(enhanced ? { role: 'tabpanel', 'aria-labelledby': `tab-${id}` } : {}),
  })

  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-slate-900/40">
      <Link
        to={closeTo}
        onClick={confirmClose}
        preventScrollReset
        tabIndex={-1}
        aria-hidden="true"
        className="flex-1"
      />
      <section
        aria-labelledby="edit-heading"
        className="motion-safe:animate-slide-in h-full w-full max-w-2xl overflow-y-auto bg-white p-6 shadow-xl"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="edit-heading" className="text-2xl font-bold">
              Edit product
            </h2>
            <p className="mt-1 font-mono text-sm text-slate-600">{product.asin}</p>
          </div>
          <Link
            to={closeTo}
            onClick={confirmClose}
            preventScrollReset
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium"
          >
            Close
          </Link>
        </div>
        {reply?.result.error?.[''] ? (
          <div className="mt-4">
            <FormAlert title="Failed to update product" message={reply.result.error[''][0]} />
          </div>
        ) : reply?.result.status === 'error' ? (
          <div className="mt-4">
            <FormAlert title="Failed to update product" message="Please correct the fields marked below." />
          </div>
        ) : null}
        {enhanced ? (
          <div role="tablist" aria-label="Product sections" className="mt-6 flex gap-1 border-b border-slate-300">
            {SECTIONS.map((tab) => (
              <button
                key={tab.id}
                id={`tab-${tab.id}`}
                type="button"
                role="tab"
                aria-selected={section === tab.id}
                aria-controls={`section-${tab.id}`}
                onClick={() => setSection(tab.id)}
                className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                  section === tab.id ? 'border-slate-900 text-slate-900' : 'border-transparent text-slate-600'
                }`}
              >
                {tab.label}
              </button>
            ))}
          </div>
        ) : null}
        <Form
          method="post"
          {...getFormProps(form)}
          onChange={() => setDirty(true)}
          preventScrollReset
          className="mt-6 space-y-6"
        >
          <fieldset disabled={!canEdit} className="space-y-6">
            <Section title="Basic" show={!enhanced} {...sectionProps('basic')}>
              <div>
                <label htmlFor={fields.title.id} className={label}>
                  Title
                </label>
                <input {...withoutKey(getInputProps(fields.title, { type: 'text' }))} className={field} />
                <FieldError id={fields.title.errorId} errors={fields.title.errors} />
              </div>
              <div>
                <label htmlFor={fields.brand.id} className={label}>
                  Brand
                </label>
                <input {...withoutKey(getInputProps(fields.brand, { type: 'text' }))} className={field} />
                <FieldError id={fields.brand.errorId} errors={fields.brand.errors} />
              </div>
              <div>
                <label htmlFor={fields.category_id.id} className={label}>
                  Category
                </label>
                <select {...withoutKey(getSelectProps(fields.category_id))} className={field}>
                  <option value="">No category</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </select>
                <FieldError id={fields.category_id.errorId} errors={fields.category_id.errors} />
              </div>
            </Section>

            <Section title="Content" show={!enhanced} {...sectionProps('content')}>
              <div>
                <label htmlFor={fields.description.id} className={label}>
                  Description
                </label>
                <textarea {...withoutKey(getTextareaProps(fields.description))} rows={6} className={field} />
                <FieldError id={fields.description.errorId} errors={fields.description.errors} />
              </div>
              <div>
                <label htmlFor={fields.badges.id} className={label}>
                  Badges
                </label>
                <input
                  {...commaList(
                    withoutKey(getInputProps(fields.badges, { type: 'text', ariaDescribedBy: 'badges-hint' })),
                  )}
                  className={field}
                />
                <p id="badges-hint" className="mt-1 text-xs text-slate-600">
                  Separated by commas, e.g. Acid-free, Best seller
                </p>
                <FieldError id={fields.badges.errorId} errors={fields.badges.errors} />
              </div>
              <div>
                <label htmlFor={fields.keywords.id} className={label}>
                  Keywords
                </label>
                <input
                  {...commaList(
                    withoutKey(getInputProps(fields.keywords, { type: 'text', ariaDescribedBy: 'keywords-hint' })),
                  )}
                  className={field}
                />
                <p id="keywords-hint" className="mt-1 text-xs text-slate-600">
                  Separated by commas
                </p>
                <FieldError id={fields.keywords.errorId} errors={fields.keywords.errors} />
              </div>
              <div>
                <label htmlFor={fields.image_url.id} className={label}>
                  Main image URL
                </label>
                <input {...withoutKey(getInputProps(fields.image_url, { type: 'text' }))} className={field} />
                <FieldError id={fields.image_url.errorId} errors={fields.image_url.errors} />
              </div>
              <Gallery
                images={gallery}
                errors={fields.images.errors}
                errorId={fields.images.errorId}
                pickerHref={`/admin/media/picker?returnTo=${encodeURIComponent(`${location.pathname}${listQuery}`)}`}
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

            <Section title="Advanced" show={!enhanced} {...sectionProps('advanced')}>
              <div>
                <label htmlFor={fields.affiliate_url.id} className={label}>
                  Affiliate URL
                </label>
                <input {...withoutKey(getInputProps(fields.affiliate_url, { type: 'url' }))} className={field} />
                <FieldError id={fields.affiliate_url.errorId} errors={fields.affiliate_url.errors} />
              </div>
              <div>
                <label htmlFor={fields.manual_price.id} className={label}>
                  Manual price (USD)
                </label>
                <input
                  {...withoutKey(
                    getInputProps(fields.manual_price, { type: 'number', ariaDescribedBy: 'manual-price-hint' }),
                  )}
                  step="0.01"
                  min="0"
                  className={field}
                />
                <p id="manual-price-hint" className="mt-1 text-xs text-slate-600">
                  Overrides Amazon&apos;s price. Leave empty to show Amazon&apos;s.
                </p>
                <FieldError id={fields.manual_price.errorId} errors={fields.manual_price.errors} />
              </div>
            </Section>
          </fieldset>
          <div className="flex gap-3 border-t border-slate-200 pt-4">
            <button
              type="submit"
              disabled={!canEdit || saving}
              className="rounded-md bg-slate-900 px-5 py-2 font-semibold text-white hover:bg-slate-700 disabled:opacity-60"
            >
              {saving ? 'Saving...' : 'Save changes'}
            </button>
            <Link
              to={closeTo}
              onClick={confirmClose}
              preventScrollReset
              className="rounded-md border border-slate-300 px-5 py-2 font-semibold"
            >
              Cancel
            </Link>
          </div>
        </Form>
        {/* Outside the form: the picker's own controls must not be submitted with the product. */}
        <MediaPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          onConfirm={(urls) => {
            setGallery((current) => [...new Set([...current, ...urls])])
            setDirty(true)
          }}
        />
      </section>
    </div>
  )
}
