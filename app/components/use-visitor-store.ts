import { useRouteLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { loader as siteLoader } from '#app/routes/_site.tsx'

/** The store the visitor's clicks open, as GET /store answers it (decision 045). */
export interface VisitorStore {
  code: string
  name: string
  /** Chosen in the footer, rather than found from their country. */
  chosen: boolean
}

// One request a page load, shared by every component that asks. Choosing a store in the footer is a full page
// post and load, which starts this module afresh; client navigations keep the answer, as they keep the cookie.
let request: Promise<VisitorStore | null> | undefined
let answer: VisitorStore | null | undefined

function askOnce(): Promise<VisitorStore | null> {
  request ??= fetch('/store', { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => {
      const { code, name, chosen } = (body ?? {}) as Partial<Record<keyof VisitorStore, unknown>>
      answer = typeof code === 'string' && typeof name === 'string' ? { code, name, chosen: chosen === true } : null
      return answer
    })
    // Without an answer the page stays as it was served: "View on Amazon" still opens the right store.
    .catch(() => (answer = null))
  return request
}

/**
 * The visitor's store once this browser has asked (null until then, and without JavaScript, so the first render
 * is the cached page's); `enabled` false asks nothing (one store enrolled: there is nothing to name).
 */
export function useVisitorStore(enabled: boolean): VisitorStore | null {
  const [store, setStore] = useState<VisitorStore | null>(() => (enabled ? (answer ?? null) : null))
  useEffect(() => {
    if (!enabled) return
    let current = true
    void askOnce().then((found) => {
      if (current) setStore(found)
    })
    return () => {
      current = false
    }
  }, [enabled])
  return store
}

/** The stores a visitor may choose (the public layout's), for pages that change only when there are several. */
export function useStoreChoices(): ReadonlyArray<{ code: string; name: string }> {
  return useRouteLoaderData<typeof siteLoader>('routes/_site')?.stores ?? []
}
