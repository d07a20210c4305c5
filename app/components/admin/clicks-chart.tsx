/**
 * Clicks per day as bars drawn on the server (no chart library, no JavaScript), with the same numbers in a
 * table for screen readers. The caption comes last: HTML allows a figcaption only first or last in a figure.
 */
export function ClicksChart({ days }: { days: Array<{ day: string; clicks: number }> }) {
  const width = 600
  const height = 160
  const max = Math.max(1, ...days.map((d) => d.clicks))
  const slot = width / Math.max(1, days.length)
  const total = days.reduce((sum, d) => sum + d.clicks, 0)
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-48 w-full" aria-hidden="true">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-slate-300" />
        {days.map((d, index) => {
          const barHeight = Math.round((d.clicks / max) * (height - 10))
          return (
            <rect
              key={d.day}
              x={index * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              className="fill-brand-600"
            >
              <title>{`${d.day}: ${d.clicks}`}</title>
            </rect>
          )
        })}
        <text x="0" y={height + 16} className="fill-slate-500 text-[11px]">
          {days[0]?.day}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-slate-500 text-[11px]">
          {days.at(-1)?.day}
        </text>
      </svg>
      <table className="sr-only">
        <caption>Clicks per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Clicks</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{d.day}</td>
              <td>{d.clicks}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-2 text-sm text-slate-600">
        {total} {total === 1 ? 'click' : 'clicks'} in the last {days.length} days
      </figcaption>
    </figure>
  )
}
