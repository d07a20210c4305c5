import { describe, expect, test } from 'vitest'
import { isUniqueViolation } from './unique-violation.ts'

describe('isUniqueViolation', () => {
  test.each([
    [{ code: '23505', constraint: 'categories_slug_key' }, undefined, true],
    [{ code: '23505', constraint: 'categories_slug_key' }, 'categories_slug_key', true],
    [{ code: '23505', constraint: 'products_asin_key' }, 'categories_slug_key', false],
    [{ code: '23503', constraint: 'categories_slug_key' }, 'categories_slug_key', false],
    [new Error('boom'), undefined, false],
    [null, undefined, false],
    ['23505', undefined, false],
  ])('%j on %s: %s', (error, constraint, expected) => {
    expect(isUniqueViolation(error, constraint)).toBe(expected)
  })
})
