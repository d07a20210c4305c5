import { PostgresDialect, type DatabaseConnection, type Dialect, type Driver, type TransactionSettings } from 'kysely'

/**
 * A Postgres dialect whose driver is settled at the first query, not when the module loads: whether there are
 * replicas is configuration, which no module reads as it loads (docs/decisions/036). Without replicas the
 * driver is Kysely's own Postgres driver, as before (decision 055).
 */
export class DeferredPostgresDialect extends PostgresDialect {
  readonly #dialect: () => Promise<Dialect>

  constructor(dialect: () => Promise<Dialect>) {
    super({ pool: () => Promise.reject(new Error('the deferred dialect has no pool of its own')) })
    this.#dialect = dialect
  }

  override createDriver(): Driver {
    return new DeferredDriver(this.#dialect)
  }
}

class DeferredDriver implements Driver {
  readonly #dialect: () => Promise<Dialect>
  #driver: Driver | undefined

  constructor(dialect: () => Promise<Dialect>) {
    this.#dialect = dialect
  }

  get #settled(): Driver {
    if (!this.#driver) throw new Error('driver used before init')
    return this.#driver
  }

  async init() {
    const driver = (await this.#dialect()).createDriver()
    await driver.init()
    this.#driver = driver
  }

  acquireConnection() {
    return this.#settled.acquireConnection()
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#settled.beginTransaction(connection, settings)
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.#settled.commitTransaction(connection)
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.#settled.rollbackTransaction(connection)
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.#settled.releaseConnection(connection)
  }
  async destroy() {
    await this.#driver?.destroy()
  }
}
