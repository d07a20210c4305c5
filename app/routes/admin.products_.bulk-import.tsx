import type { MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AsinImportPage, ImportErrorBoundary } from '#app/components/admin/product-import-form.tsx'
import { importAction, importFormLoader } from '#app/lib/import.server.ts'

// POST /admin/products/bulk-import: one ASIN per line, run as a job whose progress page the visitor goes to.

export const loader = importFormLoader
export const action = importAction('bulk')
export const meta: MetaFunction = () => [{ title: 'Bulk import | Admin' }]

export default function BulkImportPage() {
  return <AsinImportPage kind="bulk" lastResult={useActionData<typeof action>()} />
}

export const ErrorBoundary = ImportErrorBoundary
