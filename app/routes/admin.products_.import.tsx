import type { MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AsinImportPage, ImportErrorBoundary } from '#app/components/admin/product-import-form.tsx'
import { importAction, importFormLoader } from '#app/lib/import.server.ts'

// POST /admin/products/import: Manual Import. The job runs in the background and the visitor goes to its
// progress page; a refused list comes back here, with the message under the field (with or without JavaScript).

export const loader = importFormLoader
export const action = importAction('manual')
export const meta: MetaFunction = () => [{ title: 'Manual Import | Admin' }]

export default function ManualImportPage() {
  return <AsinImportPage kind="manual" lastResult={useActionData<typeof action>()} />
}

export const ErrorBoundary = ImportErrorBoundary
