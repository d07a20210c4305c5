import { Readable } from 'node:stream'
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { stringify } from 'csv-stringify'
import { requirePanelUser } from '#app/lib/panel-auth.server.ts'
import { EXPORT_COLUMNS, streamProductsForExport } from '#app/models/admin-product.server.ts'
import { neutraliseFormula } from '#app/utils/csv.ts'
import { db } from '#db/client.ts'

// GET /admin/products/export: every product as CSV (SPEC §7), streamed from the database to the browser
// so 100k products never sit in memory at once.

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePanelUser(request)
  const rows = Readable.from(streamProductsForExport(db))
  const csv = stringify({
    header: true,
    columns: [...EXPORT_COLUMNS],
    cast: {
      string: neutraliseFormula,
      boolean: (value) => String(value),
      date: (value) => value.toISOString(),
      // The only list column, the eras a product fits: "modern;silver".
      object: (value) => (Array.isArray(value) ? value.join(';') : JSON.stringify(value)),
    },
  })
  rows.on('error', (error) => csv.destroy(error))
  const date = new Date().toISOString().slice(0, 10)
  return new Response(createReadableStreamFromReadable(rows.pipe(csv)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="products-${date}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
