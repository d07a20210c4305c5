import type { Request, Response } from 'express'
import { describe, expect, test } from 'vitest'
import { replicaReads } from '#db/read-scope.ts'
import { readPublicPagesFromReplicas } from './replica-reads.server.ts'

/** Whether the request would read a replica: the scope its handlers run in. */
function readsReplica(method: string, path: string, cookie?: string): boolean {
  let marked: boolean | undefined
  const req = { method, originalUrl: path, headers: cookie ? { cookie } : {} } as Request
  readPublicPagesFromReplicas()(req, {} as Response, () => {
    marked = replicaReads() !== undefined
  })
  if (marked === undefined) throw new Error('next() was not called')
  return marked
}

describe('which requests read the replicas (decision 055)', () => {
  test('anonymous GETs and HEADs of the public pages, their data requests included', () => {
    for (const path of ['/', '/product/B0TEST1234', '/category/bags', '/search', '/guides/how-to', '/about']) {
      expect(readsReplica('GET', path), path).toBe(true)
    }
    expect(readsReplica('HEAD', '/product/B0TEST1234')).toBe(true)
    expect(readsReplica('GET', '/product/B0TEST1234.data')).toBe(true)
    expect(readsReplica('GET', '/_root.data')).toBe(true)
  })

  test('not the panel, a post, the reads that decide a write, nor a visitor with a cookie', () => {
    for (const path of ['/admin', '/admin/products', '/ADMIN/products', '/admin.data', '/admin/login', '/%61dmin']) {
      expect(readsReplica('GET', path), path).toBe(false)
    }
    expect(readsReplica('POST', '/product/B0TEST1234')).toBe(false)
    expect(readsReplica('POST', '/subscribe')).toBe(false)
    for (const path of ['/go/B0TEST1234', '/auth/review-link', '/subscribe/confirm', '/unsubscribe', '/healthz']) {
      expect(readsReplica('GET', path), path).toBe(false)
    }
    expect(readsReplica('GET', '/product/B0TEST1234', 'cv_reviewer=abc')).toBe(false)
    expect(readsReplica('GET', '/', 'cv_toast=abc')).toBe(false)
    // The page the route renders, not Express's path: these are the panel to Remix.
    for (const path of ['/product/x\\..\\..\\admin', '/guides/%2e%2e/admin', '/product/../admin']) {
      expect(readsReplica('GET', path), path).toBe(false)
    }
  })
})
