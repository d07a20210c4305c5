import { expect, test } from 'vitest'
import { can, roleOf, ROLES } from './permissions.ts'

test('the role is the first of admin, editor, viewer held', () => {
  expect(roleOf(['viewer', 'admin'])).toBe('admin')
  expect(roleOf(['viewer', 'editor'])).toBe('editor')
  expect(roleOf(['viewer'])).toBe('viewer')
  expect(roleOf([])).toBeNull()
  expect(roleOf(['superuser'])).toBeNull()
})

test('view for all, create and edit for admin and editor, delete for admin', () => {
  expect(['view', 'create', 'edit', 'delete'].filter((p) => can('admin', p as never))).toEqual([
    'view',
    'create',
    'edit',
    'delete',
  ])
  expect(['view', 'create', 'edit', 'delete'].filter((p) => can('editor', p as never))).toEqual([
    'view',
    'create',
    'edit',
  ])
  expect(['view', 'create', 'edit', 'delete'].filter((p) => can('viewer', p as never))).toEqual(['view'])
  expect(can(null, 'view')).toBe(false)
})

test('only the admin manages users, runs the refresh and changes the settings', () => {
  for (const permission of ['manage-users', 'run-refresh', 'manage-settings'] as const) {
    expect(ROLES.filter((role) => can(role, permission))).toEqual(['admin'])
  }
})
