/** One bar: what it stands for, and its number. */
export interface Bar {
  label: string
  value: number
}

/**
 * Bars drawn on the server as SVG (no chart library, no JavaScript): `columns` for a series of days (first and
 * last day written under them), `rows` for a ranking (each bar's label and number beside it). Hidden from
 * assistive technology: every chart stands beside a table of the same numbers, which is what they read (on the
 * analytics page a visible one, on the dashboard one for screen readers); each bar's <title> is a hover hint.
 */
export function BarChart({ bars, layout = 'columns' }: { bars: readonly Bar[]; layout?: 'columns' | 'rows' }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  return layout === 'columns' ? <Columns bars={bars} max={max} /> : <Rows bars={bars} max={max} />
}

const WIDTH = 600

function Columns({ bars, max }: { bars: readonly Bar[]; max: number }) {
  const height = 160
  const slot = WIDTH / Math.max(1, bars.length)
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height + 20}`} className="h-48 w-full" aria-hidden="true">
      <line x1="0" y1={height} x2={WIDTH} y2={height} className="stroke-slate-300" />
      {bars.map((bar, index) => {
        const barHeight = Math.round((bar.value / max) * (height - 10))
        return (
          <rect
            key={bar.label}
            x={index * slot + slot * 0.15}
            y={height - barHeight}
            width={slot * 0.7}
            height={barHeight}
            className="fill-brand-600"
          >
            <title>{`${bar.label}: ${bar.value}`}</title>
          </rect>
        )
      })}
      <text x="0" y={height + 16} className="fill-slate-500 text-[11px]">
        {bars[0]?.label}
      </text>
      <text x={WIDTH} y={height + 16} textAnchor="end" className="fill-slate-500 text-[11px]">
        {bars.at(-1)?.label}
      </text>
    </svg>
  )
}

function Rows({ bars, max }: { bars: readonly Bar[]; max: number }) {
  const row = 24
  const labelWidth = 220
  const numberWidth = 60
  const room = WIDTH - labelWidth - numberWidth
  return (
    <svg viewBox={`0 0 ${WIDTH} ${Math.max(1, bars.length) * row}`} className="h-auto w-full" aria-hidden="true">
      {bars.map((bar, index) => {
        const y = index * row
        const length = Math.round((bar.value / max) * room)
        return (
          <g key={`${index}-${bar.label}`}>
            <text x={labelWidth - 8} y={y + 16} textAnchor="end" className="fill-slate-700 text-[12px]">
              {bar.label.length > 32 ? `${bar.label.slice(0, 31)}…` : bar.label}
            </text>
            <rect x={labelWidth} y={y + 4} width={length} height={row - 8} className="fill-brand-600">
              <title>{`${bar.label}: ${bar.value}`}</title>
            </rect>
            <text x={labelWidth + length + 6} y={y + 16} className="fill-slate-700 text-[12px]">
              {bar.value}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
