import { sql } from 'kysely'

/**
 * The end of a statement whose best plan depends on its values (a price window, a search pattern): the pool's
 * client sends it unnamed, so Postgres plans it for the values of each call, never with a plan kept from the
 * connection's earlier calls (docs/decisions/067). Mark a query with `.modifyEnd(plannedPerCall)`.
 */
export const PLANNED_PER_CALL = '/* planned per call */'

export const plannedPerCall = sql.raw(PLANNED_PER_CALL)
