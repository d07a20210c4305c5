import { BarChart } from './bar-chart.tsx'

/**
 * The dashboard's clicks per day: the bars (app/components/admin/bar-chart.tsx), with the same numbers in a table
 * for screen readers. The caption comes last: HTML allows a figcaption only first or last in a figure.
 */
export function ClicksChart({ days }: { days: Array<{ day: string; clicks: number }> }) {
  const total = days.reduce((sum, d) => sum + d.clicks, 0)
  return (
    <figure>
      <BarChart bars={days.map((d) => ({ label: d.day, value: d.clicks }))} />
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
