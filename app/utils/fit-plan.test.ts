import { describe, expect, test } from 'vitest'
import type { Era, Kind } from '#app/schemas/product-specs.ts'
import {
  countPlan,
  fitAnswer,
  groupsOf,
  GROUP_LIMIT,
  protectionFor,
  starterKit,
  toFitItem,
  type EraSlots,
  type FitItem,
  type FitRow,
  type Slot,
} from './fit-plan.ts'

const now = new Date('2026-11-22T12:00:00Z')
const fresh = new Date(now.getTime() - 2 * 3600_000)
const stale = new Date(now.getTime() - 30 * 3600_000)

let sequence = 0
function row(kind: Kind, price: string | null, values: Partial<FitRow> = {}): FitRow {
  sequence += 1
  return {
    asin: `B${String(sequence).padStart(9, '0')}`,
    title: `${kind} ${sequence}`,
    kind,
    price,
    manual_price: null,
    last_updated: fresh,
    pack_count: 1,
    capacity: kind === 'box' ? 150 : null,
    inner_width: null,
    inner_height: null,
    inner_length: null,
    ...values,
  }
}
const item = (...args: Parameters<typeof row>): FitItem => toFitItem(row(...args), now)

function slots(lists: Partial<Record<Slot, FitItem[]>>): EraSlots {
  const list = (items: FitItem[] = []) => ({ items, total: items.length })
  return { bag: list(lists.bag), set: list(lists.set), board: list(lists.board), box: list(lists.box) }
}

describe('groupsOf', () => {
  test('bags and sleeves take the sets too, so do boards; each in order of price per unit, current prices first', () => {
    const bag = item('bag', '18.99', { pack_count: 100 }) // $0.19 a bag
    const staleBag = item('bag', '1.00', { pack_count: 100, last_updated: stale })
    const set = item('bag-and-board', '30.00', { pack_count: 200 }) // $0.15 a set
    const board = item('board', '20.00', { pack_count: 100 }) // $0.20 a board
    const box = item('box', '10.00')
    const groups = groupsOf(slots({ bag: [bag, staleBag], set: [set], board: [board], box: [box] }))
    expect(groups.map((group) => [group.title, group.items.map((one) => one.asin), group.total])).toEqual([
      ['Bags and sleeves', [set.asin, bag.asin, staleBag.asin], 3],
      ['Boards', [set.asin, board.asin], 2],
      ['Boxes', [box.asin], 1],
    ])
  })

  test(`shows at most ${GROUP_LIMIT} per group, and counts them all`, () => {
    const bags = Array.from({ length: GROUP_LIMIT + 1 }, (_, i) => item('sleeve', `${i + 1}.00`))
    const eraSlots = slots({ bag: bags })
    eraSlots.bag.total = 40
    const [group] = groupsOf(eraSlots)
    expect(group!.items).toHaveLength(GROUP_LIMIT)
    expect(group!.total).toBe(40)
  })
})

describe('protectionFor', () => {
  test('the cheapest bag and board, or a set when it costs less per book', () => {
    const bag = item('bag', '10.00', { pack_count: 100 })
    const board = item('board', '10.00', { pack_count: 100 })
    const dearSet = item('bag-and-board', '25.00', { pack_count: 100 })
    const cheapSet = item('bag-and-board', '15.00', { pack_count: 100 })
    expect(protectionFor('silver', slots({ bag: [bag], board: [board], set: [dearSet] })).items).toEqual([bag, board])
    expect(protectionFor('silver', slots({ bag: [bag], board: [board], set: [cheapSet] })).items).toEqual([cheapSet])
  })

  test('skips stale prices, and says what has no current price rather than inventing one', () => {
    const staleBag = item('bag', '1.00', { last_updated: stale })
    const noPrice = item('bag', null)
    const bag = item('bag', '9.00')
    expect(protectionFor('golden', slots({ bag: [staleBag, noPrice, bag] })).items).toEqual([bag])
    expect(protectionFor('golden', slots({ bag: [staleBag] }))).toEqual({
      items: [],
      missing: [
        'No bag or sleeve that fits Golden Age books has a current price.',
        'No board that fits Golden Age books has a current price.',
      ],
    })
  })
})

describe('countPlan', () => {
  const bag = item('bag', '18.99', { pack_count: 100 })
  const board = item('board', '21.50', { pack_count: 100 })
  const box = item('box', '54.99', { pack_count: 5, capacity: 150 })

  test('rounds packs up, and shows the arithmetic', () => {
    const plan = countPlan(['silver'], { silver: 120 }, { silver: slots({ bag: [bag], board: [board] }) }, box)!
    expect(plan.lines.map((line) => line.text)).toEqual([
      '120 Silver Age books: 2 packs of 100 bags × $18.99 = $37.98',
      '120 Silver Age books: 2 packs of 100 boards × $21.50 = $43.00',
      '120 Silver Age books in boxes holding 150 each: 1 box, 1 pack of 5 boxes × $54.99 = $54.99',
    ])
    expect(plan.totalCents).toBe(3798 + 4300 + 5499)
    expect(plan.missing).toEqual([])
  })

  test('exactly a pack is one pack; one more book is two', () => {
    const exact = countPlan(['modern'], { modern: 100 }, { modern: slots({ bag: [bag], board: [board] }) }, box)!
    expect(exact.lines[0]!.text).toBe('100 Modern (Current) books: 1 pack of 100 bags × $18.99 = $18.99')
    const over = countPlan(['modern'], { modern: 101 }, { modern: slots({ bag: [bag], board: [board] }) }, box)!
    expect(over.lines[0]!.cents).toBe(2 * 1899)
  })

  test('boxes hold the books of every era together: ceil(books / capacity) boxes, ceil(boxes / pack) packs', () => {
    const single = item('box', '6.00', { pack_count: 1, capacity: 300 })
    const bySlots = { silver: slots({ bag: [bag], board: [board] }), golden: slots({ bag: [bag], board: [board] }) }
    const plan = countPlan(['silver', 'golden'], { silver: 500, golden: 200 }, bySlots, single)!
    const boxes = plan.lines.at(-1)!
    expect(boxes.text).toBe('700 books in boxes holding 300 each: 3 boxes × $6.00 = $18.00')
    const packed = countPlan(['silver', 'golden'], { silver: 500, golden: 700 }, bySlots, box)!.lines.at(-1)!
    // 1,200 books / 150 = 8 boxes = 2 packs of 5.
    expect(packed.text).toBe('1,200 books in boxes holding 150 each: 8 boxes, 2 packs of 5 boxes × $54.99 = $109.98')
  })

  test('no box fits every era: each era gets its own cheapest box', () => {
    const comicBox = item('box', '10.00', { capacity: 150 })
    const magazineBox = item('box', '12.00', { capacity: 100 })
    const plan = countPlan(
      ['silver', 'magazine'],
      { silver: 10, magazine: 10 },
      { silver: slots({ box: [comicBox] }), magazine: slots({ box: [magazineBox] }) },
      undefined,
    )!
    expect(plan.lines.filter((line) => line.text.includes('boxes holding')).map((line) => line.asin)).toEqual([
      comicBox.asin,
      magazineBox.asin,
    ])
  })

  test('a stale price is never totalled: the part is named as missing', () => {
    const staleBoard = item('board', '1.00', { pack_count: 100, last_updated: stale })
    const staleBox = item('box', '1.00', { last_updated: stale })
    const plan = countPlan(
      ['silver'],
      { silver: 50 },
      { silver: slots({ bag: [bag], board: [staleBoard], box: [staleBox] }) },
      undefined,
    )!
    expect(plan.lines.map((line) => line.asin)).toEqual([bag.asin])
    expect(plan.totalCents).toBe(1899)
    expect(plan.missing).toEqual([
      'No board that fits Silver Age books has a current price.',
      'No box that fits Silver Age books has a current price.',
    ])
  })

  test('a box without a capacity cannot be planned with', () => {
    const unknown = item('box', '1.00', { capacity: null })
    const plan = countPlan(['silver'], { silver: 50 }, { silver: slots({ box: [unknown] }) }, undefined)!
    expect(plan.missing).toContain('No box that fits Silver Age books has a current price.')
  })

  test('counts of 0 (or none) ask for nothing', () => {
    const bySlots = { silver: slots({ bag: [bag], board: [board] }), golden: slots({ bag: [bag] }) }
    expect(countPlan(['silver'], {}, bySlots, box)).toBeNull()
    expect(countPlan(['silver', 'golden'], { silver: 0, golden: 0 }, bySlots, box)).toBeNull()
    const one = countPlan(['silver', 'golden'], { silver: 0, golden: 30 }, bySlots, box)!
    expect(one.lines.map((line) => line.text)).toEqual([
      '30 Golden Age books: 1 pack of 100 bags × $18.99 = $18.99',
      '30 Golden Age books in boxes holding 150 each: 1 box, 1 pack of 5 boxes × $54.99 = $54.99',
    ])
    expect(one.missing).toEqual(['No board that fits Golden Age books has a current price.'])
  })

  test('single items are counted as such', () => {
    const board1 = item('board', '0.50')
    const plan = countPlan(['silver'], { silver: 3 }, { silver: slots({ board: [board1] }) }, undefined)!
    expect(plan.lines[0]!.text).toBe('3 Silver Age books: 3 boards × $0.50 = $1.50')
  })
})

describe('starterKit', () => {
  test('one pack of each, a product picked for two eras listed once, with a total', () => {
    const sleeve = item('sleeve', '20.00', { pack_count: 50 })
    const silverBoard = item('board', '15.00', { pack_count: 100 })
    const standardBoard = item('board', '14.00', { pack_count: 100 })
    const box = item('box', '7.00', { capacity: 150 })
    const kit = starterKit(
      ['standard', 'silver'],
      {
        standard: slots({ bag: [sleeve], board: [standardBoard] }),
        silver: slots({ bag: [sleeve], board: [silverBoard] }),
      },
      box,
    )
    expect(kit.entries.map((entry) => [entry.asin, entry.eras, entry.pack, entry.cents])).toEqual([
      [sleeve.asin, ['standard', 'silver'], 'Pack of 50 sleeves', 2000],
      [standardBoard.asin, ['standard'], 'Pack of 100 boards', 1400],
      [silverBoard.asin, ['silver'], 'Pack of 100 boards', 1500],
      [box.asin, ['standard', 'silver'], '1 box', 700],
    ])
    expect(kit.totalCents).toBe(5600)
    expect(kit.missing).toEqual([])
  })

  test('says which part has no current price', () => {
    const kit = starterKit(['treasury'], { treasury: slots({}) }, undefined)
    expect(kit.entries).toEqual([])
    expect(kit.totalCents).toBe(0)
    expect(kit.missing).toEqual([
      'No bag or sleeve that fits Treasury books has a current price.',
      'No board that fits Treasury books has a current price.',
      'No box that fits Treasury books has a current price.',
    ])
  })
})

describe('fitAnswer', () => {
  test('sorts the rows into eras and slots, keeping their order and totals', () => {
    const era = (value: Era, slot: Slot, total: number, fitRow: FitRow) => ({ ...fitRow, era: value, slot, total })
    const a = row('bag', '5.00')
    const b = row('bag', '6.00')
    const box = row('box', '9.00')
    const answer = fitAnswer(
      { eras: ['silver'], counts: { silver: 1 } },
      [
        era('silver', 'bag', 9, a),
        era('silver', 'bag', 9, b),
        era('silver', 'box', 1, box),
        era('golden', 'bag', 1, a),
      ],
      box,
      now,
    )
    expect(answer.eras).toHaveLength(1)
    expect(answer.eras[0]!.groups[0]).toMatchObject({ title: 'Bags and sleeves', total: 9 })
    expect(answer.eras[0]!.groups[0]!.items.map((one) => one.asin)).toEqual([a.asin, b.asin])
    expect(answer.plan!.lines.map((line) => line.asin)).toEqual([a.asin, box.asin])
    expect(answer.prices.every((price) => price.current)).toBe(true)
  })
})
