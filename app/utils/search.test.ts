import { expect, test } from 'vitest'
import { containsPattern, escapeLike, titleTerms } from './search.ts'

test('escapeLike makes %, _ and \\ literal', () => {
  expect(escapeLike('100% acid_free \\ boards')).toBe('100\\% acid\\_free \\\\ boards')
  expect(containsPattern('mylar')).toBe('%mylar%')
  expect(containsPattern('%')).toBe('%\\%%')
})

test('titleTerms: each word and pair of neighbouring words, lower-cased, without the punctuation around them', () => {
  expect([...titleTerms('BCW Mylar Sleeves (25 Pack) – Silver  Age, 2-Mil')]).toEqual([
    'bcw',
    'bcw mylar',
    'mylar',
    'mylar sleeves',
    'sleeves',
    'sleeves (25',
    '25',
    '25 pack',
    'pack',
    'silver',
    'silver age',
    'age',
    'age, 2-mil',
    '2-mil',
  ])
})

test('titleTerms: a term once however often the title repeats it; nothing for punctuation alone', () => {
  expect([...titleTerms('Bags bags BAGS')]).toEqual(['bags', 'bags bags'])
  expect([...titleTerms('  – & ')]).toEqual([])
})
