import { describe, expect, test } from 'vitest'
import { budgetProblem, LEFT_FOR_OTHERS } from './connection-budget.ts'

// The rule of docs/decisions/058, as far as one host can know it at its start.
describe('budgetProblem', () => {
  const allowed = 97 // max_connections 100, 3 for superusers
  const room = allowed - LEFT_FOR_OTHERS

  test('none while every connection this host may open fits beside those open elsewhere', () => {
    expect(budgetProblem({ allowed, thisHost: 20, othersOpen: 40 })).toBeUndefined()
    expect(budgetProblem({ allowed, thisHost: room, othersOpen: 0 })).toBeUndefined()
  })

  test('this host alone over the room Postgres has', () => {
    expect(budgetProblem({ allowed, thisHost: room + 1, othersOpen: 0 })).toBe(
      `this host alone may open ${room + 1} connections, more than the ${room} Postgres has room for`,
    )
  })

  test('with what other hosts and processes hold now', () => {
    expect(budgetProblem({ allowed, thisHost: 20, othersOpen: room - 19 })).toBe(
      `${room - 19} connections of other hosts or processes are open, and this host may open 20 more: ` +
        `more than the ${room} Postgres has room for`,
    )
  })
})
