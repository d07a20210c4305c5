import { beforeAll, describe, expect, test } from 'vitest'
import { headers, loader, meta } from '#app/routes/_site.fit.tsx'
import { createProduct, hoursAgo, type ProductRow } from '#tests/support/catalogue.ts'
import { headersArgs, loaderArgs, loaderData, replyOf, statusOf } from '#tests/support/remix.ts'

// /fit, "What fits my books" (docs/decisions/043): products matched by era from the catalogue, grouped, with the
// totals for the books counted and a starter kit; hidden products never, stale prices never totalled; whatever
// the address holds, a 200 with a sane answer.

const load = (query: string) => loaderData(loader(loaderArgs(`/fit${query ? `?${query}` : ''}`)))
type Answer = Awaited<ReturnType<typeof load>>

const asinsIn = (answer: Answer, era: string, group: string) =>
  answer.eras
    .find((one) => one.id === era)!
    .groups.find((one) => one.title === group)!
    .items.map((item) => item.asin)

const p: Record<string, ProductRow> = {}

beforeAll(async () => {
  const comics = ['modern', 'standard', 'silver', 'golden'] as const
  p.silverBag = await createProduct({ kind: 'bag', fits: ['silver'], price: '18.99', pack_count: 100 })
  p.silverSleeve = await createProduct({ kind: 'sleeve', fits: ['standard', 'silver'], price: '30.00', pack_count: 50 })
  p.silverBoard = await createProduct({ kind: 'board', fits: ['silver'], price: '21.50', pack_count: 100 })
  p.goldenBag = await createProduct({ kind: 'bag', fits: ['golden'], price: '15.00', pack_count: 100 })
  p.magazineBag = await createProduct({ kind: 'bag', fits: ['magazine'], price: '1.00', pack_count: 100 })
  p.box = await createProduct({ kind: 'box', fits: [...comics], price: '54.99', pack_count: 5, capacity: 150 })
  // Cheaper than anything, but hidden: never shown, never picked.
  p.hiddenBag = await createProduct({
    kind: 'bag',
    fits: ['silver'],
    price: '0.50',
    pack_count: 100,
    soft_hidden: true,
  })
  p.hiddenBox = await createProduct({ kind: 'box', fits: [...comics], price: '1.00', capacity: 300, soft_hidden: true })
  // Cheaper too, but its price is 30 hours old: shown as "See price on Amazon", listed after the current ones.
  p.staleBoard = await createProduct({
    kind: 'board',
    fits: ['silver'],
    price: '2.00',
    pack_count: 100,
    last_updated: hoursAgo(30),
  })
  // Not bags, boards or boxes: never in the finder.
  p.toploader = await createProduct({ kind: 'toploader', fits: ['silver'], price: '5.00' })
  p.noKind = await createProduct({ fits: ['silver'], price: '5.00' })
})

describe('matching by era', () => {
  test('silver: its bags and sleeves, boards (current prices first) and the box that fits every comic era', async () => {
    const answer = await load('era=silver')
    expect(answer.eras.map((era) => era.id)).toEqual(['silver'])
    expect(asinsIn(answer, 'silver', 'Bags and sleeves')).toEqual([p.silverBag!.asin, p.silverSleeve!.asin])
    expect(asinsIn(answer, 'silver', 'Boards')).toEqual([p.silverBoard!.asin, p.staleBoard!.asin])
    expect(asinsIn(answer, 'silver', 'Boxes')).toEqual([p.box!.asin])
    const shown = JSON.stringify(answer.eras)
    for (const never of ['magazineBag', 'hiddenBag', 'hiddenBox', 'toploader', 'noKind', 'goldenBag']) {
      expect(shown, never).not.toContain(p[never]!.asin)
    }
  })

  test('a box that fits every era appears for each; a magazine bag only for magazines', async () => {
    const answer = await load('era=silver&era=golden&era=magazine')
    expect(asinsIn(answer, 'silver', 'Boxes')).toEqual([p.box!.asin])
    expect(asinsIn(answer, 'golden', 'Boxes')).toEqual([p.box!.asin])
    expect(asinsIn(answer, 'magazine', 'Boxes')).toEqual([])
    expect(asinsIn(answer, 'magazine', 'Bags and sleeves')).toEqual([p.magazineBag!.asin])
    expect(asinsIn(answer, 'golden', 'Bags and sleeves')).toEqual([p.goldenBag!.asin])
  })

  test('prices per unit, and the stale price shown as not current', async () => {
    const answer = await load('era=silver')
    const boards = answer.eras[0]!.groups.find((group) => group.id === 'boards')!.items
    expect(boards[0]).toMatchObject({ price: { current: true, formatted: '$21.50' }, unitPrice: { per: 'board' } })
    expect(boards[1]).toMatchObject({ price: { current: false }, unitPrice: null })
  })
})

describe('totals and the starter kit', () => {
  test('120 silver books: packs rounded up, the hidden and the stale never picked', async () => {
    const answer = await load('era=silver&silver=120')
    expect(answer.plan!.lines.map((line) => line.text)).toEqual([
      '120 Silver Age books: 2 packs of 100 bags × $18.99 = $37.98',
      '120 Silver Age books: 2 packs of 100 boards × $21.50 = $43.00',
      '120 Silver Age books in boxes holding 150 each: 1 box, 1 pack of 5 boxes × $54.99 = $54.99',
    ])
    expect(answer.plan!.totalCents).toBe(3798 + 4300 + 5499)
    expect(answer.kit.entries.map((entry) => entry.asin)).toEqual([p.silverBag!.asin, p.silverBoard!.asin, p.box!.asin])
    expect(answer.kit.totalCents).toBe(1899 + 2150 + 5499)
  })

  test('a part with no current price is said to be missing, not invented', async () => {
    const answer = await load('era=golden&golden=10&era=magazine&magazine=10')
    expect(answer.plan!.missing).toEqual([
      'No board that fits Golden Age books has a current price.',
      'No board that fits Magazine books has a current price.',
      'No box that fits Magazine books has a current price.',
    ])
    // No box fits both eras: golden's own box is used for its books.
    expect(answer.plan!.lines.at(-1)!.text).toBe(
      '10 Golden Age books in boxes holding 150 each: 1 box, 1 pack of 5 boxes × $54.99 = $54.99',
    )
  })

  test('counts of 0 ask for no totals', async () => {
    expect((await load('era=silver&silver=0')).plan).toBeNull()
    expect((await load('era=silver')).plan).toBeNull()
  })
})

describe('the address', () => {
  test('no era: the form alone', async () => {
    const answer = await load('')
    expect(answer.eras).toEqual([])
    expect(answer.plan).toBeNull()
    expect(answer.kit.entries).toEqual([])
  })

  test.each([
    { label: 'an unknown era', query: 'era=bogus', eras: [], counts: {} },
    { label: 'a negative count', query: 'era=silver&silver=-5', eras: ['silver'], counts: { silver: 0 } },
    { label: 'a count that is not a number', query: 'era=silver&silver=abc', eras: ['silver'], counts: {} },
    { label: 'too many books', query: 'era=silver&silver=250000', eras: ['silver'], counts: { silver: 100_000 } },
    { label: 'a count for an era not ticked', query: 'era=silver&golden=40', eras: ['silver'], counts: {} },
    // The address loses its NULs before anything reads it (requestUrl).
    { label: 'NULs', query: 'era=%00&era=silver%00&silver=1%00', eras: ['silver'], counts: { silver: 1 } },
    {
      label: '500 era parameters',
      query: Array.from({ length: 500 }, (_, i) => `era=${['silver', 'golden', 'nope'][i % 3]}`).join('&'),
      eras: ['silver', 'golden'],
      counts: {},
    },
  ])('$label → 200 with a sane question', async ({ query, eras, counts }) => {
    expect(await statusOf(() => loader(loaderArgs(`/fit?${query}`)))).toBe(200)
    const answer = await load(query)
    expect(answer.query).toEqual({ eras, counts })
  })

  test('100,000 books are counted without trouble', async () => {
    const answer = await load('era=silver&silver=100000')
    expect(answer.plan!.lines[0]!.text).toBe('100,000 Silver Age books: 1,000 packs of 100 bags × $18.99 = $18,990.00')
  })
})

test('cache headers: public, and held no longer than the first price on the page stays current', async () => {
  const reply = replyOf(await loader(loaderArgs('/fit?era=silver')))
  const freshUntil = reply.headers.get('X-Fresh-Until')
  expect(freshUntil).toBeTruthy()
  const cacheControl = new Headers(headers({ ...headersArgs, loaderHeaders: reply.headers })).get('Cache-Control')
  expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+/)
})

test('meta: title and description', async () => {
  const data = await load('era=silver')
  const tags = meta({ data, matches: [], params: {}, location: {} } as unknown as Parameters<typeof meta>[0])
  expect(tags).toContainEqual({ title: 'What Fits My Books? | Comic Vault Supplies' })
  expect(tags).toContainEqual(expect.objectContaining({ name: 'description' }))
})
