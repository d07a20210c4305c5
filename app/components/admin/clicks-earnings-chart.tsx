import { formatDollars } from '#app/utils/earnings.ts'

/** One day of the chart. */
export interface ClicksEarningsDay {
  day: string
  clicks: number
  earningsCents: number
}

// Drawn in the units it is shown at on a phone (the panel's content is ~350 px wide at 390), so its text stays
// readable there; wider screens scale it up.
const WIDTH = 360
const HEIGHT = 180
const TOP = 8
const BOTTOM = HEIGHT - 20
const LEFT = 40
const RIGHT = WIDTH - 48

/**
 * Clicks (bars, left scale) and earnings (a line, right scale) over the days of a range, drawn on the server as
 * SVG: no JavaScript, no inline style (classes only). Hidden from assistive technology like every chart of the
 * panel: it stands beside a table of the same numbers. The legend is text beneath it.
 */
export function ClicksEarningsChart({ days }: { days: readonly ClicksEarningsDay[] }) {
  const maxClicks = Math.max(1, ...days.map((d) => d.clicks))
  const maxEarnings = Math.max(1, ...days.map((d) => d.earningsCents))
  const slot = (RIGHT - LEFT) / Math.max(1, days.length)
  const y = (share: number) => BOTTOM - share * (BOTTOM - TOP)
  const centre = (index: number) => LEFT + slot * (index + 0.5)
  const line = days
    .map(
      (d, index) =>
        `${index ? 'L' : 'M'}${round(centre(index))} ${round(y(Math.max(0, d.earningsCents) / maxEarnings))}`,
    )
    .join(' ')
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true">
        <line x1={LEFT} y1={BOTTOM} x2={RIGHT} y2={BOTTOM} className="stroke-slate-300" />
        <text x={LEFT - 4} y={TOP + 8} textAnchor="end" className="fill-slate-600 text-[10px]">
          {maxClicks}
        </text>
        <text x={RIGHT + 4} y={TOP + 8} className="fill-slate-600 text-[10px]">
          {formatDollars(maxEarnings)}
        </text>
        {days.map((d, index) => {
          const top = y(d.clicks / maxClicks)
          return (
            <rect
              key={d.day}
              x={round(LEFT + slot * index + slot * 0.15)}
              y={round(top)}
              width={round(slot * 0.7)}
              height={round(BOTTOM - top)}
              className="fill-slate-300"
            >
              <title>{`${d.day}: ${d.clicks} clicks, ${formatDollars(d.earningsCents)}`}</title>
            </rect>
          )
        })}
        {days.length ? <path d={line} fill="none" strokeWidth="2" className="stroke-brand-700" /> : null}
        <text x={LEFT} y={HEIGHT - 4} className="fill-slate-600 text-[10px]">
          {days[0]?.day}
        </text>
        <text x={RIGHT} y={HEIGHT - 4} textAnchor="end" className="fill-slate-600 text-[10px]">
          {days.at(-1)?.day}
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-3 w-3 bg-slate-300" aria-hidden="true" /> Clicks (bars, left scale)
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-brand-700" aria-hidden="true" /> Earnings (line, right scale)
        </span>
      </figcaption>
    </figure>
  )
}

const round = (value: number) => Math.round(value * 10) / 10
