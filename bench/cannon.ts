import autocannon from 'autocannon'

/** Runs autocannon; with `samples`, each answer's response time (ms) is added to it, for exact percentiles. */
export function cannon(options: autocannon.Options, samples?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve(result)))
    if (samples) instance.on('response', (_client, _status, _bytes, responseTime) => samples.push(responseTime))
  })
}

/** The `p`th percentile of ascending `sorted`: the smallest value at least `p`% of them do not exceed. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
