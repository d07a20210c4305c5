import { describe, expect, test } from 'vitest'
import { FolderNameSchema, FolderRefSchema, IdsSchema, TagsSchema } from './media.ts'

describe('media form rules', () => {
  test('a folder name is trimmed and must not be empty', () => {
    expect(FolderNameSchema.parse('  Boxes  ')).toBe('Boxes')
    expect(FolderNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('Folder name is required')
  })

  test('tags are trimmed, empty ones dropped, each kept once', () => {
    expect(TagsSchema.parse(' mylar, boards ,, Mylar,  ,boards')).toEqual(['mylar', 'boards'])
    expect(TagsSchema.parse(undefined)).toEqual([])
    expect(TagsSchema.safeParse('x'.repeat(51)).success).toBe(false)
  })

  test('ids must all be valid and at least one', () => {
    expect(IdsSchema.parse(['3', '1', '3'])).toEqual([3, 1])
    expect(IdsSchema.safeParse([]).error?.issues[0]?.message).toBe('Select one or more files first.')
    expect(IdsSchema.safeParse(['1', 'x']).success).toBe(false)
    expect(IdsSchema.safeParse(['99999999999']).success).toBe(false)
  })

  test('a folder reference is an id or none', () => {
    expect(FolderRefSchema.parse('')).toBeNull()
    expect(FolderRefSchema.parse('none')).toBeNull()
    expect(FolderRefSchema.parse('7')).toBe(7)
    expect(FolderRefSchema.safeParse('abc').success).toBe(false)
  })
})
