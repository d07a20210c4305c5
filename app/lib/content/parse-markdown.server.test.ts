import type { Element, Root } from 'hast'
import { describe, expect, test } from 'vitest'
import { defaultPages } from '#app/content/default-pages.ts'
import { guides } from '#db/seed-data/guides.ts'
import { isAllowedHref, parsedDocument, parseMarkdown } from './parse-markdown.server.ts'

// The text owners write (docs/decisions/052): what reaches a page, what becomes an embed, what is a problem.

const ASIN = 'B000000001'

/** Every element of the tree, depth first. */
function elements(node: Root | Element): Element[] {
  return node.children.flatMap((child) => (child.type === 'element' ? [child, ...elements(child)] : []))
}

/** Every id of the tree, in document order. */
function ids(node: Root | Element) {
  return elements(node).flatMap((element) => element.properties.id ?? [])
}

/** Every attribute value and text of the tree, for looking for what must never be there. */
function everything(node: Root | Element): string {
  return JSON.stringify(node)
}

describe('no HTML or script from the text reaches the tree', () => {
  test.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an inline element with a handler', 'Hello <img src=x onerror="alert(1)"> there'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style element', '<style>body{display:none}</style>'],
  ])('%s is dropped and is a problem', (_label, text) => {
    const parsed = parseMarkdown(text)
    expect(parsed.problems.map((problem) => problem.message)).toContain(
      'HTML is not allowed in the text: write it in Markdown.',
    )
    const tags = elements(parsed.tree).map((element) => element.tagName)
    expect(tags).not.toEqual(expect.arrayContaining(['script', 'img', 'iframe', 'style']))
    expect(everything(parsed.tree)).not.toMatch(/onerror|alert\(1\)|evil\.example/)
  })

  test.each([
    ['javascript:', '[x](javascript:alert(1))'],
    ['JavaScript: in any case', '[x](JaVaScRiPt:alert(1))'],
    ['an autolink', '<javascript:alert(2)>'],
    ['data:', '[x](data:text/html;base64,PHNjcmlwdD4=)'],
    ['a protocol-relative address', '[x](//evil.example/path)'],
    ['vbscript:', '[x](vbscript:msgbox)'],
  ])('a %s link is refused and leaves only its text', (_label, text) => {
    const parsed = parseMarkdown(text)
    expect(parsed.problems).toHaveLength(1)
    expect(elements(parsed.tree).filter((element) => element.tagName === 'a')).toEqual([])
    expect(everything(parsed.tree)).not.toMatch(/"href"/)
  })

  test('links to http(s), mailto and this site stay links', () => {
    const parsed = parseMarkdown(
      '[a](https://example.com) [b](http://example.com) [c](mailto:hi@example.com) [d](/about#reviews) [e](#top)',
    )
    expect(parsed.problems).toEqual([])
    const hrefs = elements(parsed.tree).flatMap((element) => (element.tagName === 'a' ? [element.properties.href] : []))
    expect(hrefs).toEqual([
      'https://example.com',
      'http://example.com',
      'mailto:hi@example.com',
      '/about#reviews',
      '#top',
    ])
  })

  test.each([
    ['/path', true],
    ['#part', true],
    ['https://x.example', true],
    ['MAILTO:a@b.c', true],
    ['//x.example', false],
    ['/\\x.example', false],
    ['javascript:x', false],
    ['ftp://x.example', false],
    ['relative/path', false],
  ])('isAllowedHref(%j) is %s', (href, allowed) => {
    expect(isAllowedHref(href)).toBe(allowed)
  })
})

describe('directives', () => {
  test('each embed kind is checked and placed in the tree by index', () => {
    const parsed = parseMarkdown(
      [
        `Today :price{asin="${ASIN}"}, or :buy[Check the price]{asin="${ASIN}"}.`,
        '',
        `::product{asin="${ASIN}"}`,
        '',
        '::products{category="mylar-sleeves" sort="rating" limit="4"}',
        '',
        `::products{asins="${ASIN},B000000002"}`,
        '',
        `::compare{asins="${ASIN},B000000002"}`,
        '',
        '::compare{table="golden-age-sleeves"}',
      ].join('\n'),
    )
    expect(parsed.problems).toEqual([])
    expect(parsed.embeds).toEqual([
      { name: 'price', asin: ASIN },
      { name: 'buy', asin: ASIN },
      { name: 'product', asin: ASIN },
      { name: 'products', category: 'mylar-sleeves', sort: 'rating', limit: 4 },
      { name: 'products', asins: [ASIN, 'B000000002'] },
      { name: 'compare', asins: [ASIN, 'B000000002'] },
      { name: 'compare', table: 'golden-age-sleeves' },
    ])
    const placeholders = elements(parsed.tree).filter((element) => element.tagName === 'x-embed')
    expect(placeholders.map((element) => element.properties.dataIndex)).toEqual([0, 1, 2, 3, 4, 5, 6])
    // The buy link keeps its words.
    expect(JSON.stringify(placeholders[1])).toContain('Check the price')
  })

  test.each([
    ['markup in an attribute', '::product{asin="B0<b>x</b>"}', '::product: asin must be a 10-character ASIN'],
    ['a quote in an attribute', `::product{asin='B0"onmouseover="x'}`, '::product: asin must be a 10-character ASIN'],
    ['an attribute we do not know', `::product{asin="${ASIN}" onclick="alert(1)"}`, 'unknown attribute onclick'],
    ['a missing attribute', '::product', '::product: asin is missing.'],
    ['a sort we do not have', '::products{category="x" sort="cheapest"}', 'sort must be one of'],
    ['a limit out of range', '::products{category="x" limit="40"}', 'limit must be a number from 1 to 12'],
    ['a malformed slug', '::compare{table="Not A Slug"}', 'table must be a slug'],
    ['an unknown block directive', '::carousel{asins="x"}', '::carousel is not an embed this site knows.'],
    ['a container directive', ':::product\ntext\n:::', ':::product is written as'],
    ['a text embed on a line of its own', `::price{asin="${ASIN}"}`, '::price is written as :price{asin="B0…"}'],
  ])('%s is a problem, and nothing a visitor sees', (_label, text, message) => {
    const parsed = parseMarkdown(text)
    expect(parsed.problems).toHaveLength(1)
    expect(parsed.problems[0]!.message).toContain(message)
    expect(parsed.problems[0]!.line).toBe(1)
    expect(parsed.embeds).toEqual([])
    expect(everything(parsed.tree)).not.toMatch(/onclick|onmouseover|<b>/)
  })

  test('colons in running text that are not ours stay text', () => {
    const parsed = parseMarkdown('The refresh runs at 3:15 AM. Note:this is fine, as is ratio 4:3.')
    expect(parsed.problems).toEqual([])
    expect(parsed.embeds).toEqual([])
    const paragraph = elements(parsed.tree).find((element) => element.tagName === 'p')!
    const text = paragraph.children.map((child) => (child.type === 'text' ? child.value : '')).join('')
    expect(text).toBe('The refresh runs at 3:15 AM. Note:this is fine, as is ratio 4:3.')
  })

  test('more than 50 product embeds is a problem', () => {
    const text = Array.from({ length: 51 }, () => `::product{asin="${ASIN}"}`).join('\n\n')
    expect(parseMarkdown(text).problems.map((problem) => problem.message)).toContain(
      'A text may hold up to 50 embeds; this one holds 51.',
    )
    expect(parseMarkdown(text.split('\n\n').slice(1).join('\n\n')).problems).toEqual([])
  })
})

describe('what a text may not send out (docs/decisions/077)', () => {
  const PRICE = (price: string) =>
    `"${price}" is a price typed in the text: it goes stale. Use :price{asin="…"}, which shows the price with its time.`
  const AMAZON = (url: string) =>
    `The link "${url}" goes straight to Amazon: use :buy[…]{asin="…"} or a product box, which go through /go/.`

  test('a typed price is a warning at its line and column, wherever visitors read it: code and alt text too', () => {
    const text = [
      'Sleeves cost $4.99 a pack,', // 1
      '  or £5 in the UK.', // 2: a paragraph's later line, indented in the text
      '',
      '## Boxes under 20 USD', // 4
      '',
      `A \\$3 board and an &#36;8 one, :buy[$9 deal]{asin="${ASIN}"}, \`USD 7\`.`, // 6
      '',
      '| Size | Price |', // 8
      '| --- | --- |',
      '| Modern | 9,99 € |', // 10
      '',
      '- ```', // 12: fenced code in a list item
      '  total = $12',
      '  ```',
      '',
      '    indented: $13', // 16
      '',
      '![Bags at $2 each](/uploads/bags.png)', // 18
    ].join('\n')
    const problems = parseMarkdown(text).problems
    expect(problems.every((problem) => problem.warning)).toBe(true)
    expect(problems.map(({ line, column, message }) => ({ line, column, message }))).toEqual([
      { line: 1, column: 14, message: PRICE('$4.99') },
      { line: 2, column: 6, message: PRICE('£5') },
      { line: 4, column: 16, message: PRICE('20 USD') },
      { line: 6, column: 4, message: PRICE('$3') },
      // An entity is shown as a price but is not written as one: the line, without a column.
      { line: 6, column: undefined, message: PRICE('$8') },
      { line: 6, column: 37, message: PRICE('$9') },
      { line: 6, column: 67, message: PRICE('USD 7') },
      { line: 10, column: 12, message: PRICE('9,99 €') },
      { line: 13, column: 11, message: PRICE('$12') },
      { line: 16, column: 15, message: PRICE('$13') },
      { line: 18, column: 11, message: PRICE('$2') },
    ])
  })

  test('no warning for what is no price, nor for a price the text embeds', () => {
    const text = `Set $HOME, a 2 x 3 shelf, 20 dollars, [a link](/search?q=$5), :price{asin="${ASIN}"}.`
    expect(parseMarkdown(text).problems).toEqual([])
  })

  test('a link straight to Amazon is refused at its place, however it is written', () => {
    const text = [
      'A [pack](https://www.amazon.com/dp/B000000001?tag=x-20) and <https://amzn.to/3xYz>.', // 1
      'Bare: https://a.co/d/abc or www.amazon.co.uk/dp/B000000001.', // 2
      '',
      'By [reference][shop].', // 4
      '',
      '[shop]: https://smile.amazon.com/dp/B000000001', // 6
    ].join('\n')
    expect(parseMarkdown(text).problems).toEqual([
      { line: 1, column: 3, message: AMAZON('https://www.amazon.com/dp/B000000001?tag=x-20') },
      { line: 1, column: 61, message: AMAZON('https://amzn.to/3xYz') },
      { line: 2, column: 7, message: AMAZON('https://a.co/d/abc') },
      { line: 2, column: 29, message: AMAZON('http://www.amazon.co.uk/dp/B000000001') },
      { line: 6, column: 1, message: AMAZON('https://smile.amazon.com/dp/B000000001') },
    ])
  })

  test("Amazon named in words, a link through /go/ and another shop's link are no problem", () => {
    const text = 'Sold on Amazon.com: [amazon.com/dp/B000000001](/go/B000000001), or [elsewhere](https://example.com).'
    expect(parseMarkdown(text).problems).toEqual([])
  })

  test("the demo guides and the pages' default texts pass; Starter Kits' four ranges are its only warnings", () => {
    const texts = [...guides, ...Object.values(defaultPages)]
    const found = texts.flatMap(({ slug, body }) => {
      const { problems, images } = parseMarkdown(body)
      return [...problems.map((problem) => ({ slug, line: problem.line, warning: problem.warning })), ...images]
    })
    const ranges = defaultPages['starter-kits'].body
      .split('\n')
      .flatMap((line, index) => (line.startsWith('**About $') ? [index + 1] : []))
    expect(ranges).toHaveLength(4)
    expect(found).toEqual(ranges.map((line) => ({ slug: 'starter-kits', line, warning: true })))
  })

  // Each check reads each character a bounded number of times: a backtracking one would take minutes on these.
  test.each([
    ['signs', '$'.repeat(100_000)],
    ['a link of Amazon labels', `<https://${'amazon.'.repeat(50_000)}com/x>`],
    ['Amazon labels in words', 'amazon.'.repeat(50_000)],
  ])('a text of %s is checked in linear time', (_what, text) => {
    const started = performance.now()
    parseMarkdown(text)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('structure', () => {
  test('headings get ids, written or derived, and the second-level ones are the contents', () => {
    const parsed = parseMarkdown('## Which size? {#which-size}\n\n## Storing boxes\n\n### Deeper\n\n## Last one')
    expect(parsed.headings).toEqual([
      { id: 'which-size', text: 'Which size?' },
      { id: 'storing-boxes', text: 'Storing boxes' },
      { id: 'last-one', text: 'Last one' },
    ])
  })

  test("a heading's derived id steps around the ids already taken: the author's, the page's own, its section's", () => {
    const parsed = parseMarkdown(
      [
        '## Boards', // derived "boards", but the author names a later heading so: that one keeps it
        '## Sleeves {#boards}',
        '## Main', // the page's <main>
        '## Compare 1', // the table of the comparison below
        `::compare{asins="${ASIN},B000000002"}`,
        '### Sizes heading', // the section of the "Sizes" heading below is labelled by "sizes-heading"
        '## Sizes',
        '## ???', // nothing to derive an id from
      ].join('\n\n'),
    )
    expect(parsed.problems).toEqual([])
    expect(ids(parsed.tree)).toEqual([
      'boards-1',
      'boards',
      'main-1',
      'compare-1-1',
      'sizes-heading',
      'sizes-1',
      'section',
    ])
  })

  test("headings worded alike step past the comparisons' ids to the next free one", () => {
    const parsed = parseMarkdown(`## Compare\n\n## Compare\n\n::compare{asins="${ASIN},B000000002"}`)
    expect(ids(parsed.tree)).toEqual(['compare', 'compare-2'])
  })

  test.each([
    ['the page uses', '## Menu {#site-menu}', 'site-menu', ['menu']],
    [
      'a table uses',
      '## Sizes {#table-1-caption}\n\nTable: By era\n\n| Era |\n| --- |\n| Golden |',
      'table-1-caption',
      ['sizes', 'table-1-caption'],
    ],
    ['another heading has', '## One {#kept}\n\n### Two {#kept}', 'kept', ['kept', 'two']],
    ["another section's heading has", '### One {#kept-heading}\n\n## Two {#kept}', 'kept', ['kept-heading', 'two']],
  ])('an id %s is a problem on its line, and its heading gets one of its own', (_label, text, id, kept) => {
    const parsed = parseMarkdown(text)
    const line = text.split('\n').findLastIndex((written) => written.includes(`{#${id}}`)) + 1
    const message = `The id "${id}" is taken on the page: choose another.`
    expect(parsed.problems).toEqual([{ line, column: 1, message }])
    expect(ids(parsed.tree)).toEqual(kept)
  })

  test('"Table: …" above a table becomes its caption, with an id that names it', () => {
    const parsed = parseMarkdown('Table: Sizes by era\n\n| Era | Bag |\n| --- | --- |\n| Golden | 7.75 |')
    const table = elements(parsed.tree).find((element) => element.tagName === 'table')!
    const caption = table.children.find((child): child is Element => child.type === 'element')!
    expect(caption.tagName).toBe('caption')
    expect(caption.properties.id).toBe('table-1-caption')
    expect(elements(parsed.tree).filter((element) => element.tagName === 'p')).toEqual([])
  })

  test('images are listed with their places for the media-library check, those written by reference too', () => {
    const parsed = parseMarkdown(
      'Boxes: ![A long box](/uploads/abc.png)\n\n![Short][short]\n\n[short]: /uploads/def.png',
    )
    expect(parsed.images).toEqual([
      { line: 1, column: 8, url: '/uploads/abc.png' },
      { line: 3, column: 1, url: '/uploads/def.png' },
    ])
  })

  test('a text is parsed once: the same text gives the same parse', () => {
    const text = `## Kept {#kept}\n\n::product{asin="${ASIN}"}`
    expect(parsedDocument(text)).toBe(parsedDocument(`${text}`))
    expect(parsedDocument(text)).not.toBe(parsedDocument(`${text}\n`))
  })
})
