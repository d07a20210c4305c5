import { randomBytes } from 'node:crypto'
import { test } from '@playwright/test'

/** An address no other test or project uses. */
export const uniqueEmail = (kind: string) =>
  `${kind}-${Date.now()}-${randomBytes(3).toString('hex')}-${test.info().project.name}@example.com`
