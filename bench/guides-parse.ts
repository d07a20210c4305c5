import { parseArgs } from 'node:util'
import { defaultPages } from '#app/content/default-pages.ts'
import { parsedDocument, parseMarkdown } from '#app/lib/content/parse-markdown.server.ts'
import { guides } from '#db/seed-data/guides.ts'
import { benchGuideBody } from './data.ts'

// npm run bench:parse: what parsing a document's Markdown costs per request without the parse cache
// (parseMarkdown: remark, directives, rehype, sanitize) and with it (parsedDocument: the text's SHA-256 and a Map
// lookup), for the demo guides, the information pages' default texts and the bench guide (docs/decisions/052).
// In one process, no server and no database: the page's other costs (its queries, React) are the cold bench's.
// Times are wall-clock per call; CPU is the process's CPU time over all the calls, per call.

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '30' },
  },
})
const runs = Number(values.runs)
const warmup = Number(values.warmup)
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
  throw new Error('--runs must be an integer >= 1 and --warmup >= 0')
}

const texts = [
  { name: 'bench guide (ten embeds)', body: benchGuideBody() },
  ...guides.map((guide) => ({ name: `guide ${guide.slug}`, body: guide.body })),
  ...Object.values(defaultPages).map((page) => ({ name: `page ${page.slug}`, body: page.body })),
]

/**
 * Milliseconds per call of `work` on `body`, after `warmup` calls not counted: the median and p99 of `runs` calls'
 * times, and the process's CPU time over them all per call (steadier than the times on a shared machine).
 */
function time(work: (body: string) => unknown, body: string) {
  for (let i = 0; i < warmup; i++) work(body)
  const samples: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    work(body)
    samples.push(performance.now() - started)
  }
  const cpu = process.cpuUsage(cpuBefore)
  samples.sort((a, b) => a - b)
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)]!
  return { median: at(0.5), p99: at(0.99), cpu: (cpu.user + cpu.system) / 1000 / runs }
}

const rows = texts.map(({ name, body }) => {
  const parsed = parseMarkdown(body)
  const uncached = time(parseMarkdown, body)
  parsedDocument(body) // the first request of a text parses it; every later one is this:
  const cached = time(parsedDocument, body)
  return {
    name,
    characters: body.length,
    embeds: parsed.embeds.length,
    uncached,
    cached,
    ratio: uncached.cpu / cached.cpu,
  }
})

const header = [
  'text',
  'chars',
  'embeds',
  'parse ms p50',
  'parse ms p99',
  'parse CPU ms',
  'cached µs p50',
  'cached µs p99',
  'cached CPU µs',
  'saved (CPU)',
]
const body = rows.map((row) => [
  row.name,
  row.characters.toLocaleString('en-US'),
  String(row.embeds),
  row.uncached.median.toFixed(2),
  row.uncached.p99.toFixed(2),
  row.uncached.cpu.toFixed(2),
  (row.cached.median * 1000).toFixed(1),
  (row.cached.p99 * 1000).toFixed(1),
  (row.cached.cpu * 1000).toFixed(1),
  `${Math.round(row.ratio).toLocaleString('en-US')}×`,
])
const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)))
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`
console.log(`Node ${process.version}; ${warmup} warm-up and ${runs} measured calls per text and way\n`)
console.log([line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n'))
