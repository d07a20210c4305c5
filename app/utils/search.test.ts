import { expect, test } from 'vitest'
import { containsPattern, escapeLike } from './search.ts'

test('escapeLike makes %, _ and \\ literal', () => {
  expect(escapeLike('100% acid_free \\ boards')).toBe('100\\% acid\\_free \\\\ boards')
  expect(containsPattern('mylar')).toBe('%mylar%')
  expect(containsPattern('%')).toBe('%\\%%')
})
