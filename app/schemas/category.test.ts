import { parseWithZod } from '@conform-to/zod'
import { describe, expect, test } from 'vitest'
import { CategorySchema, NO_SLUG } from './category.ts'

const messages = (input: Record<string, unknown>) => {
  const result = CategorySchema.safeParse(input)
  return result.success ? {} : result.error.flatten().fieldErrors
}

describe('CategorySchema', () => {
  test('trims, and turns empty optional fields into null', () => {
    expect(CategorySchema.parse({ name: '  Bags  ', description: '  ', image_url: '' })).toEqual({
      name: 'Bags',
      description: null,
      image_url: null,
    })
  })

  test('the spec messages', () => {
    expect(messages({})).toEqual({ name: ['Name is required'] })
    expect(messages({ name: '   ' })).toEqual({ name: ['Name is required'] })
    expect(messages({ name: 'x'.repeat(101) })).toEqual({ name: ['Name must be at most 100 characters'] })
    expect(messages({ name: '!!!' })).toEqual({ name: [NO_SLUG] })
    expect(messages({ name: 'Bags', description: 'x'.repeat(501) })).toEqual({
      description: ['Description must be at most 500 characters'],
    })
  })

  test('limits are inclusive', () => {
    expect(messages({ name: 'x'.repeat(100), description: 'y'.repeat(500) })).toEqual({})
  })

  test.each(['https://example.com/a.png', 'http://example.com/a.png', '/images/categories/bags.svg'])(
    'accepts the image URL %j',
    (image_url) => {
      expect(messages({ name: 'Bags', image_url })).toEqual({})
    },
  )

  test.each(['not a url', 'javascript:alert(1)', 'ftp://example.com/a.png', '//evil.example/a.png', 'data:,x'])(
    'refuses the image URL %j',
    (image_url) => {
      expect(messages({ name: 'Bags', image_url })).toEqual({ image_url: ['Must be a valid URL'] })
    },
  )

  test('through Conform, as the form posts it: emptied optional fields are not "Required"', () => {
    const formData = new URLSearchParams({ name: 'Bags', description: '', image_url: '' })
    const submission = parseWithZod(formData, { schema: CategorySchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      name: 'Bags',
      description: null,
      image_url: null,
    })
  })
})
