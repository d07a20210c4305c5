import { getFormProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { panelErrorBoundary } from '#app/components/error-boundary.tsx'
import { inputClass, TextareaField } from '#app/components/form-fields.tsx'
import { FormErrors, useIsPending, useZodForm } from '#app/components/forms.tsx'
import { Link } from '#app/components/link.tsx'
import { StatusButton } from '#app/components/status-button.tsx'
import { BulkImportSchema, IMPORT_NOT_FOUND, ManualImportSchema, type ImportKind } from '#app/schemas/amazon-import.ts'

// The ASIN list forms of Manual Import and of the bulk import (SPEC §5), and their own pages
// (admin.products_.import, admin.products_.bulk-import), where the server's refusal is shown. The list is
// checked in the browser by the same schema as on the server; each works without JavaScript.

export const buttonClass =
  'rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:cursor-not-allowed disabled:opacity-50'

/** What tells the two ASIN forms apart: where they post, their words, their schema (SPEC §5, §8). */
const IMPORT_FORMS = {
  manual: {
    action: '/admin/products/import',
    schema: ManualImportSchema,
    label: 'ASINs',
    hint: "Separate them with spaces, commas or new lines. New products are hidden until you curate them; known ones get Amazon's current price, images and rating.",
    rows: 4,
    submit: 'Import',
    failed: 'Import Failed',
    heading: 'Manual Import',
    back: '/admin/products?tab=import',
  },
  bulk: {
    action: '/admin/products/bulk-import',
    schema: BulkImportSchema,
    label: 'ASINs, one per line',
    hint: "Up to 5,000 lines. The import runs in the background at Amazon's pace (10 products a second); its progress page shows how far it got and what failed.",
    rows: 8,
    submit: 'Start bulk import',
    failed: 'Failed to import products',
    heading: 'Bulk import',
    back: '/admin/products?tab=bulk',
  },
} as const

/** Manual Import's or the bulk import's form: the list is checked in the browser and again on the server. */
export function AsinImportForm({
  kind,
  lastResult,
  disabled,
}: {
  kind: ImportKind
  lastResult?: SubmissionResult<string[]>
  disabled?: boolean
}) {
  const config = IMPORT_FORMS[kind]
  const pending = useIsPending({ formAction: config.action })
  const [form, fields] = useZodForm(config.schema, { id: `${kind}-import`, lastResult })
  return (
    <Form method="post" action={config.action} {...getFormProps(form)} className="space-y-3">
      <FormErrors id={form.errorId} errors={form.errors} title={config.failed} />
      <TextareaField
        meta={fields.asins}
        label={config.label}
        hint={config.hint}
        rows={config.rows}
        inputClassName={`${inputClass} font-mono text-sm`}
      />
      <StatusButton pending={pending} disabled={disabled} className={buttonClass}>
        {config.submit}
      </StatusButton>
    </Form>
  )
}

/** The form's own page (/admin/products/import, /bulk-import): where the server's refusal is shown. */
export function AsinImportPage({ kind, lastResult }: { kind: ImportKind; lastResult?: SubmissionResult<string[]> }) {
  const config = IMPORT_FORMS[kind]
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold">{config.heading}</h1>
      <AsinImportForm kind={kind} lastResult={lastResult} />
      <Link to={config.back} className="font-medium underline">
        Back to Products
      </Link>
    </div>
  )
}

/** Where the pages under /admin/products lead back to when they fail. */
export const backToProducts = { to: '/admin/products', label: 'Back to Products' }

/** The boundary of the import pages and of an import's progress page. */
export const ImportErrorBoundary = panelErrorBoundary(backToProducts, IMPORT_NOT_FOUND)
