import { describe, expect, test } from 'vitest'
import { describeDiff } from './audit-diff.ts'

describe('describeDiff', () => {
  test('a changed field reads from → to; strings bare, other values as JSON', () => {
    expect(describeDiff({ role: { from: 'editor', to: 'admin' }, price: { from: 9.5, to: null } })).toEqual([
      'role: editor → admin',
      'price: 9.5 → null',
    ])
  })

  test('any other value reads field: value', () => {
    expect(describeDiff({ email: 'a@example.com', tags: ['x', 'y'], sessionsEnded: 2 })).toEqual([
      'email: a@example.com',
      'tags: ["x","y"]',
      'sessionsEnded: 2',
    ])
  })

  test('an object with more than from and to is a value, not a change', () => {
    expect(describeDiff({ range: { from: 1, to: 2, step: 1 } })).toEqual(['range: {"from":1,"to":2,"step":1}'])
  })

  test('empty, null and non-object diffs', () => {
    expect(describeDiff({})).toEqual([])
    expect(describeDiff(null)).toEqual([])
    expect(describeDiff(['a'])).toEqual(['["a"]'])
    expect(describeDiff('text')).toEqual(['text'])
  })
})
