/**
 * A map that keeps at most `limit` entries: a new key past the limit forgets the oldest key (neither reading nor
 * setting a key again moves it, unlike an LRU). For values costly to make and soon asked for again: a parse, a
 * formatted time, a route.
 */
export class RecentMap<Key, Value> extends Map<Key, Value> {
  constructor(readonly limit: number) {
    super()
  }

  override set(key: Key, value: Value): this {
    super.set(key, value)
    if (this.size > this.limit) this.delete(this.keys().next().value!)
    return this
  }

  /** The value kept for `key`, or the one `make` makes, kept from now on. */
  remember(key: Key, make: () => Value): Value {
    const kept = this.get(key)
    if (kept !== undefined) return kept
    const made = make()
    this.set(key, made)
    return made
  }
}
