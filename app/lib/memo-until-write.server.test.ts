import { afterEach, describe, expect, test, vi } from 'vitest'
import { memoUntilWrite } from './memo-until-write.server.ts'
import { dropPages } from './page-drops.server.ts'

// A kept read answers until a write is heard of, its time is up, or it fails (docs/decisions/032).
function countedRead() {
  const calls: string[] = []
  const read = memoUntilWrite(async (key) => {
    calls.push(key)
    return `${key} #${calls.length}`
  })
  return { read, calls }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('memoUntilWrite', () => {
  test('reads once per key until a write drops every key', async () => {
    const { read, calls } = countedRead()
    expect(await read('a')).toBe('a #1')
    expect(await read('a')).toBe('a #1')
    expect(await read('b')).toBe('b #2')
    dropPages(['product:B000000001'])
    expect(await read('a')).toBe('a #3')
    expect(await read()).toBe(' #4')
    expect(calls).toEqual(['a', 'b', 'a', ''])
  })

  test('a write while the read is in flight: the read answers its caller, and is not kept', async () => {
    let finish: (value: string) => void = () => {}
    let reads = 0
    const read = memoUntilWrite(() => {
      reads += 1
      return new Promise<string>((resolve) => (finish = resolve))
    })
    const first = read('k')
    dropPages('*')
    finish('before the write')
    expect(await first).toBe('before the write')
    const second = read('k')
    finish('after the write')
    expect(await second).toBe('after the write')
    expect(reads).toBe(2)
  })

  test('a failed read is not kept', async () => {
    let fail = true
    const read = memoUntilWrite(async () => {
      if (fail) throw new Error('database away')
      return 'ok'
    })
    await expect(read()).rejects.toThrow('database away')
    fail = false
    expect(await read()).toBe('ok')
  })

  test('nothing is kept longer than maxAgeMs, and at most maxKeys keys', async () => {
    vi.useFakeTimers()
    let reads = 0
    const read = memoUntilWrite(async (key) => `${key} ${++reads}`, { maxAgeMs: 1_000, maxKeys: 2 })
    expect(await read('a')).toBe('a 1')
    vi.advanceTimersByTime(999)
    expect(await read('a')).toBe('a 1')
    vi.advanceTimersByTime(1)
    expect(await read('a')).toBe('a 2')
    await read('b')
    await read('c') // the oldest key, a, makes room
    expect(await read('c')).toBe('c 4')
    expect(await read('a')).toBe('a 5')
  })
})
