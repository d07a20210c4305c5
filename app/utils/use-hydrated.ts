import { useEffect, useState } from 'react'

/** Whether the page has hydrated: JavaScript runs, so what needs it can be offered. False on the server. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
