import { useState, type MouseEvent } from 'react'

import { Toaster, type ToastMessage } from '#app/components/toaster.tsx'
import { PanelCard } from './panel-card.tsx'

const EXPORT_URL = '/admin/products/export'

/**
 * The Bulk Tools tab. The CSV export is a plain download link (it works without JavaScript); with it, the
 * file is fetched first so the page can say "CSV exported successfully" or "Export failed".
 */
export function BulkToolsTab() {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const [exporting, setExporting] = useState(false)

  async function exportCsv(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault()
    setExporting(true)
    try {
      const response = await fetch(EXPORT_URL)
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'products.csv'
      const url = URL.createObjectURL(await response.blob())
      const link = Object.assign(document.createElement('a'), { href: url, download: name })
      link.click()
      URL.revokeObjectURL(url)
      setToast({ type: 'success', title: 'CSV exported successfully' })
    } catch (error) {
      setToast({
        type: 'error',
        title: 'Export failed',
        description: error instanceof Error ? error.message : undefined,
      })
    } finally {
      setExporting(false)
    }
  }

  return (
    <PanelCard id="bulk-heading" title="Bulk Tools" className="space-y-4 p-6">
      <div>
        <h3 className="font-semibold">CSV export</h3>
        <p className="mt-1 text-sm text-slate-700">
          Every product: ASIN, title, brand, category, affiliate URL, price, rating, review count, visibility and last
          update.
        </p>
        <a
          href={EXPORT_URL}
          download
          onClick={exportCsv}
          aria-disabled={exporting}
          className="mt-3 inline-block rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
        >
          {exporting ? 'Exporting...' : 'Export CSV'}
        </a>
      </div>
      {/* Always rendered: a live region announces a change of its content, not its own arrival. */}
      <Toaster toast={toast} />
    </PanelCard>
  )
}
