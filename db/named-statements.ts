import pg from 'pg'
import { PLANNED_PER_CALL } from './planned-per-call.ts'

/** Statements a connection keeps (each holds its plan in the backend's memory); later ones are sent unnamed. */
export const NAMED_PER_CONNECTION = 100

/** Postgres's answer to a kept statement whose result columns a migration changed since it was prepared. */
const CHANGED_RESULT = '0A000'

type QueryConfig = { text: string; values?: unknown[]; name?: string }

/** Whether the pool's client sends a statement by name (given room on its connection). */
export function sentByName(text: string, values: readonly unknown[]): boolean {
  return values.length > 0 && !text.endsWith(PLANNED_PER_CALL)
}

/**
 * Prepared statements without asking (docs/decisions/067). Most of a page's Postgres time was planning its
 * statements again on every call; a statement sent by name is parsed and planned once per connection, and after
 * five calls Postgres may keep one plan for it. So this client names each statement that has values (pg sends
 * those by the extended protocol already: one statement, no transaction control), up to NAMED_PER_CONNECTION,
 * except those marked PLANNED_PER_CALL: statements whose best plan depends on their values (a price window, a
 * search pattern), which must not be left to a plan that a connection's first calls happened to choose (057).
 */
export class NamedStatementsClient extends pg.Client {
  readonly #names = new Map<string, string>()
  #named = 0

  /** The name this connection gives `text`, or undefined when it is sent unnamed. */
  #nameFor(text: string, values: unknown[]): string | undefined {
    if (!sentByName(text, values)) return undefined
    let name = this.#names.get(text)
    if (!name && this.#names.size < NAMED_PER_CONNECTION) {
      name = `s${++this.#named}`
      this.#names.set(text, name)
    }
    return name
  }

  // Kysely sends `query(text, values)` and awaits it, pg's pool.query adds a callback. Anything else passes
  // through unchanged: configs, cursors, and texts without values, which pg sends by the simple protocol (BEGIN,
  // a migration's several statements).
  override query(...args: unknown[]): never {
    const [text, values, callback] = args
    if (typeof text !== 'string' || !Array.isArray(values)) {
      return (super.query as (...rest: unknown[]) => never)(...args)
    }
    const result = this.#sendNamed(text, values)
    if (typeof callback !== 'function') return result as never
    result.then(
      (answer) => callback(null, answer),
      (error: unknown) => callback(error),
    )
    return undefined as never
  }

  async #sendNamed(text: string, values: unknown[]) {
    const send = (config: QueryConfig) => (super.query as (config: QueryConfig) => Promise<pg.QueryResult>)(config)
    const name = this.#nameFor(text, values)
    if (!name) return send({ text, values })
    try {
      return await send({ name, text, values })
    } catch (error) {
      // "cached plan must not change result type": the statement is prepared again under a new name; outside a
      // transaction it is simply sent again, inside one the transaction has failed and the error stands.
      if ((error as { code?: string }).code !== CHANGED_RESULT) throw error
      this.#names.delete(text)
      if (this.getTransactionStatus() !== 'I') throw error
      return send({ name: this.#nameFor(text, values), text, values })
    }
  }
}
