import type { FitQuery } from '#app/schemas/fit-finder.ts'
import { eraLabel, formatDimensions, KINDS, type Era, type Kind } from '#app/schemas/product-specs.ts'
import { displayPrice, formatUsd, unitPrice, type DisplayPrice, type UnitPrice } from './pricing.ts'

/**
 * The fit finder's answer, from the products that fit each era (app/models/fit.server.ts): the groups shown, the
 * starter kit and the totals for the books counted. Pure arithmetic on prices already decided (displayPrice), so
 * only a current price is ever picked or added up: a stale one is shown as "See price on Amazon", never totalled.
 * Money is added up in cents.
 */

/** A product the finder shows, as the model reads it (app/models/fit.server.ts). */
export interface FitRow {
  asin: string
  title: string
  kind: Kind
  price: string | null
  manual_price: string | null
  last_updated: Date | null
  pack_count: number
  capacity: number | null
  inner_width: string | null
  inner_height: string | null
  inner_length: string | null
}

/** A product the finder shows, its price decided at render time. */
export interface FitItem {
  asin: string
  title: string
  kind: Kind
  pack_count: number
  /** Books a box holds. */
  capacity: number | null
  /** "7.25 x 10.5 in", when known. */
  dimensions: string | null
  price: DisplayPrice
  unitPrice: UnitPrice | null
}

/** What the model looks up per era: single bags and sleeves, bag-and-board sets, boards, boxes. */
export const SLOTS = ['bag', 'set', 'board', 'box'] as const
export type Slot = (typeof SLOTS)[number]

/** One era's products per slot: current prices first, cheapest per unit first; `total` counts them all. */
export type EraSlots = Record<Slot, { items: FitItem[]; total: number }>

/** The groups a visitor reads; a bag-and-board set is both a bag and a board. */
export const FIT_GROUPS = [
  { id: 'bags', title: 'Bags and sleeves', slots: ['bag', 'set'] },
  { id: 'boards', title: 'Boards', slots: ['board', 'set'] },
  { id: 'boxes', title: 'Boxes', slots: ['box'] },
] as const satisfies ReadonlyArray<{ id: string; title: string; slots: readonly Slot[] }>
export type FitGroupId = (typeof FIT_GROUPS)[number]['id']

/** Products shown per group and era; the rest are a link away. */
export const GROUP_LIMIT = 6

/** The price of one unit (a box's: of one book of its capacity), or null when there is no current price or capacity. */
function unitAmount(item: FitItem): number | null {
  if (!item.price.current) return null
  if (item.kind === 'box' && item.capacity === null) return null
  return item.price.amount / (item.pack_count * (item.capacity ?? 1))
}

/** The model's order: current prices first, then by price per unit (unknown last); ties keep their order. */
function byUnitPrice(a: FitItem, b: FitItem): number {
  const fresh = Number(b.price.current) - Number(a.price.current)
  return fresh || (unitAmount(a) ?? Infinity) - (unitAmount(b) ?? Infinity)
}

export function groupsOf(slots: EraSlots) {
  return FIT_GROUPS.map((group) => {
    const lists = group.slots.map((slot) => slots[slot])
    return {
      id: group.id,
      title: group.title,
      items: lists
        .flatMap((list) => list.items)
        .sort(byUnitPrice)
        .slice(0, GROUP_LIMIT),
      total: lists.reduce((sum, list) => sum + list.total, 0),
    }
  })
}

/** The cheapest product of a list (ordered as the model orders it) with a current price, and a capacity for a box. */
function cheapestFresh(items: FitItem[]): FitItem | undefined {
  return items.find((item) => unitAmount(item) !== null)
}

const cents = (item: FitItem) => (item.price.current ? Math.round(item.price.amount * 100) : 0)
export const formatCents = (amount: number) => formatUsd(amount / 100)

/**
 * What protects one book of an era: the cheapest bag or sleeve with the cheapest board, or a bag-and-board set
 * when it costs less per book than the two (or when one of them has no current price).
 */
export function protectionFor(era: Era, slots: EraSlots): { items: FitItem[]; missing: string[] } {
  const bag = cheapestFresh(slots.bag.items)
  const board = cheapestFresh(slots.board.items)
  const set = cheapestFresh(slots.set.items)
  if (set && (!bag || !board || unitAmount(set)! <= unitAmount(bag)! + unitAmount(board)!)) {
    return { items: [set], missing: [] }
  }
  const missing = []
  if (!bag) missing.push(`No bag or sleeve that fits ${eraLabel(era)} books has a current price.`)
  if (!board) missing.push(`No board that fits ${eraLabel(era)} books has a current price.`)
  return { items: [bag, board].filter((item) => item !== undefined), missing }
}

/**
 * The boxes for some eras: one box that holds all of them (`shared`, the cheapest per book that fits every era
 * chosen) or else, era by era, the cheapest box that fits it.
 */
export function boxesFor(
  eras: Era[],
  slotsByEra: Partial<Record<Era, EraSlots>>,
  shared: FitItem | undefined,
): { boxes: Array<{ box: FitItem; eras: Era[] }>; missing: string[] } {
  if (eras.length === 0) return { boxes: [], missing: [] }
  if (shared) return { boxes: [{ box: shared, eras }], missing: [] }
  const boxes = []
  const missing = []
  for (const era of eras) {
    const box = cheapestFresh(slotsByEra[era]?.box.items ?? [])
    if (box) boxes.push({ box, eras: [era] })
    else missing.push(`No box that fits ${eraLabel(era)} books has a current price.`)
  }
  return { boxes, missing }
}

export interface KitEntry {
  asin: string
  title: string
  eras: Era[]
  /** "Pack of 100 bags", "1 box". */
  pack: string
  cents: number
}

export interface StarterKit {
  entries: KitEntry[]
  totalCents: number
  missing: string[]
}

/** One pack of each: per era what protects a book, and the box(es); a product picked for two eras is listed once. */
export function starterKit(
  eras: Era[],
  slotsByEra: Partial<Record<Era, EraSlots>>,
  sharedBox: FitItem | undefined,
): StarterKit {
  const entries = new Map<string, { item: FitItem; eras: Era[] }>()
  const add = (item: FitItem, forEras: Era[]) => {
    const entry = entries.get(item.asin) ?? { item, eras: [] }
    entry.eras.push(...forEras.filter((era) => !entry.eras.includes(era)))
    entries.set(item.asin, entry)
  }
  const missing: string[] = []
  for (const era of eras) {
    const slots = slotsByEra[era]
    if (!slots) continue
    const protection = protectionFor(era, slots)
    for (const item of protection.items) add(item, [era])
    missing.push(...protection.missing)
  }
  const boxes = boxesFor(eras, slotsByEra, sharedBox)
  for (const { box, eras: boxEras } of boxes.boxes) add(box, boxEras)
  missing.push(...boxes.missing)
  const list = [...entries.values()].map(({ item, eras: forEras }) => ({
    asin: item.asin,
    title: item.title,
    eras: forEras,
    pack: item.pack_count === 1 ? `1 ${unitOf(item)}` : `Pack of ${item.pack_count} ${plural(unitOf(item), 2)}`,
    cents: cents(item),
  }))
  return { entries: list, totalCents: list.reduce((sum, entry) => sum + entry.cents, 0), missing }
}

export interface PlanLine {
  asin: string
  title: string
  /** The arithmetic, plainly: "120 Silver Age books: 2 packs of 100 bags × $18.99 = $37.98". */
  text: string
  cents: number
}

export interface CountPlan {
  lines: PlanLine[]
  totalCents: number
  missing: string[]
}

/**
 * What the books counted need, era by era: packs = ceil(books / pack count) of each bag and board (or set), and
 * boxes = ceil(all the books / capacity), bought in ceil(boxes / pack count) packs. Null when no book is counted.
 */
export function countPlan(
  eras: Era[],
  counts: Partial<Record<Era, number>>,
  slotsByEra: Partial<Record<Era, EraSlots>>,
  sharedBox: FitItem | undefined,
): CountPlan | null {
  const counted = eras.filter((era) => (counts[era] ?? 0) > 0)
  if (counted.length === 0) return null
  const lines: PlanLine[] = []
  const missing: string[] = []
  for (const era of counted) {
    const books = counts[era]!
    const slots = slotsByEra[era]
    if (!slots) continue
    const protection = protectionFor(era, slots)
    for (const item of protection.items) {
      const packs = Math.ceil(books / item.pack_count)
      lines.push(line(item, `${bookCount(books, era)}: ${packsOf(packs, item)}`, packs))
    }
    missing.push(...protection.missing)
  }
  const boxes = boxesFor(counted, slotsByEra, sharedBox)
  for (const { box, eras: boxEras } of boxes.boxes) {
    const books = boxEras.reduce((sum, era) => sum + counts[era]!, 0)
    const needed = Math.ceil(books / box.capacity!)
    const packs = Math.ceil(needed / box.pack_count)
    const boxCount = `${number(needed)} ${plural('box', needed)}`
    const what = box.pack_count === 1 ? boxCount : `${boxCount}, ${packsOf(packs, box)}`
    lines.push(line(box, `${bookCount(books, boxEras)} in boxes holding ${number(box.capacity!)} each: ${what}`, packs))
  }
  missing.push(...boxes.missing)
  return { lines, totalCents: lines.reduce((sum, entry) => sum + entry.cents, 0), missing }
}

function line(item: FitItem, what: string, packs: number): PlanLine {
  const total = packs * cents(item)
  return {
    asin: item.asin,
    title: item.title,
    text: `${what} × ${formatCents(cents(item))} = ${formatCents(total)}`,
    cents: total,
  }
}

const number = (value: number) => value.toLocaleString('en-US')
const plural = (noun: string, count: number) => (count === 1 ? noun : noun === 'box' ? 'boxes' : `${noun}s`)
const unitOf = (item: FitItem) => KINDS.find((kind) => kind.id === item.kind)?.unit ?? 'item'

/** "2 packs of 100 bags", or "3 boards" when they come singly. */
function packsOf(packs: number, item: FitItem): string {
  if (item.pack_count === 1) return `${number(packs)} ${plural(unitOf(item), packs)}`
  return `${number(packs)} ${plural('pack', packs)} of ${number(item.pack_count)} ${plural(unitOf(item), 2)}`
}

/** "120 Silver Age books"; for books of several eras just "160 books". */
function bookCount(books: number, eras: Era | Era[]): string {
  const era = typeof eras === 'string' ? eras : eras.length === 1 ? eras[0] : undefined
  return `${number(books)} ${era ? `${eraLabel(era)} ` : ''}${plural('book', books)}`
}

export function toFitItem(row: FitRow, now: Date): FitItem {
  const price = displayPrice(row, now)
  return {
    asin: row.asin,
    title: row.title,
    kind: row.kind,
    pack_count: row.pack_count,
    capacity: row.capacity,
    dimensions: formatDimensions(row),
    price,
    unitPrice: unitPrice(price, row),
  }
}

/**
 * The whole answer to a question: per era chosen its groups, then the starter kit and the totals for the books
 * counted. `rows` are the model's lists (era, slot, how many it found) in any order, `sharedBox` the cheapest box
 * that fits every era.
 */
export function fitAnswer(
  query: FitQuery,
  rows: Array<FitRow & { era: Era; slot: Slot; total: number }>,
  sharedBox: FitRow | undefined,
  now: Date,
) {
  const slotsByEra: Partial<Record<Era, EraSlots>> = {}
  for (const era of query.eras) {
    slotsByEra[era] = Object.fromEntries(SLOTS.map((slot) => [slot, { items: [], total: 0 }])) as unknown as EraSlots
  }
  for (const row of rows) {
    const list = slotsByEra[row.era]?.[row.slot]
    if (!list) continue
    list.items.push(toFitItem(row, now))
    list.total = row.total
  }
  for (const slots of Object.values(slotsByEra)) for (const slot of SLOTS) slots[slot].items.sort(byUnitPrice)
  const box = sharedBox ? toFitItem(sharedBox, now) : undefined
  return {
    eras: query.eras.map((era) => ({ id: era, label: eraLabel(era), groups: groupsOf(slotsByEra[era]!) })),
    kit: starterKit(query.eras, slotsByEra, box),
    plan: countPlan(query.eras, query.counts, slotsByEra, box),
    /** Every price the page may show (lists, kit, totals), for freshUntilHeaders. */
    prices: [...rows.map((row) => displayPrice(row, now)), ...(box ? [box.price] : [])],
  }
}
