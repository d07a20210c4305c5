import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoA11yViolations } from './support/axe.ts'
import { isJsProject, waitForHydration } from './support/hydration.ts'

// The static information pages and the contact form (SPEC §2 "Public routes": /about, /disclosure, /contact,
// /compare-sleeves, /starter-kits, /sizes-guide, and the /faq that /compare-sleeves links to). Runs with and
// without JavaScript.

const infoPages = [
  { path: '/about', title: 'About | Comic Vault Supplies', h1: 'About Comic Vault Supplies' },
  { path: '/disclosure', title: 'Affiliate Disclosure | Comic Vault Supplies', h1: 'Affiliate Disclosure' },
  { path: '/contact', title: 'Contact | Comic Vault Supplies', h1: 'Contact Us' },
  {
    path: '/compare-sleeves',
    title: 'Compare Sleeves | Comic Vault Supplies',
    h1: 'Compare Comic Sleeves: Mylar, Polypropylene and Polyethylene',
  },
  { path: '/starter-kits', title: 'Starter Kits | Comic Vault Supplies', h1: 'Comic Storage Starter Kits' },
  { path: '/sizes-guide', title: 'Sizes Guide | Comic Vault Supplies', h1: 'Comic Bag and Board Sizes Guide' },
  { path: '/faq', title: 'FAQ | Comic Vault Supplies', h1: 'Frequently Asked Questions' },
] as const

const THANK_YOU = "Thank you for your message! We'll get back to you soon."

/** A post of the contact form: a document request without JavaScript, Remix's /contact.data fetch with it. */
function isContactPost(request: { method(): string; url(): string }): boolean {
  return request.method() === 'POST' && /^\/contact(\.data)?$/.test(new URL(request.url()).pathname)
}

function main(page: Page) {
  return page.getByRole('main')
}

/** The hrefs of every link inside `scope`. */
async function hrefs(scope: Locator): Promise<string[]> {
  return scope.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
}

for (const { path, title, h1 } of infoPages) {
  test(`${path} answers 200 inside the layout, with one h1, a title and a description, and passes axe`, async ({
    page,
  }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toMatch(/^public, /)

    await expect(page).toHaveTitle(title)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,}$/)
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(h1)

    await waitForHydration(page)
    await expectNoA11yViolations(page)
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const { path } of infoPages) {
    test(`${path} fits the screen (wide tables scroll inside their own box) and passes axe`, async ({ page }) => {
      await page.goto(path)
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(pageWidth, 'page width (scrollWidth) at 390px').toBeLessThanOrEqual(390)
      await waitForHydration(page)
      await expectNoA11yViolations(page)
    })
  }
})

test('/about covers brands, bags, boards and boxes, other supplies, tiers and reviews', async ({ page }) => {
  await page.goto('/about')
  const content = main(page)
  for (const heading of [
    'Carefully selected supplies from key brands',
    'Bags, boards and boxes',
    'Storage and protection supplies',
    'Product tiers and uses',
    'Honest reviews from real collectors',
  ]) {
    await expect(content.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  for (const heading of ['Bags and sleeves', 'Backing boards', 'Boxes']) {
    await expect(content.getByRole('heading', { level: 3, name: heading })).toBeVisible()
  }
  for (const brand of ['BCW', 'Ultra PRO', 'E. Gerber']) {
    await expect(content.getByText(brand, { exact: true })).toBeVisible()
  }

  const tiers = content.getByRole('table', { name: 'Three tiers of comic protection' })
  await expect(tiers.getByRole('rowheader')).toHaveText(['Everyday', 'Collector', 'Archival'])
  await expect(tiers.getByRole('columnheader')).toHaveText([
    'Tier',
    'Typical supplies',
    'Best used for',
    'How long it lasts',
  ])
})

test.describe('/disclosure', () => {
  test('states the Amazon Associates disclosure word for word', async ({ page }) => {
    await page.goto('/disclosure')
    await expect(
      main(page).getByText('As an Amazon Associate I earn from qualifying purchases.', { exact: true }),
    ).toBeVisible()
    await expect(main(page).locator('#affiliate')).toContainText('Amazon Services LLC Associates Program')
  })

  test('covers refresh time, the 24-hour limit, timestamps and verifying the price on Amazon', async ({ page }) => {
    await page.goto('/disclosure')
    const pricing = main(page).locator('#pricing')
    await expect(pricing.getByRole('heading', { level: 2 })).toHaveText('Prices and product data')
    await expect(pricing).toContainText('every night at 3:15 AM')
    await expect(pricing).toContainText('never cached for more than 24 hours')
    await expect(pricing).toContainText('Each product page shows the date and time its price was last retrieved')
    await expect(pricing).toContainText('Always verify the price on Amazon before you buy.')
    await expect(pricing).toContainText(
      'Prices and availability are accurate as of the date and time shown and are subject to change.',
    )
    await expect(pricing).toContainText('displayed on Amazon at the time of purchase will apply')
  })

  test('covers selection criteria, the review policy and privacy', async ({ page }) => {
    await page.goto('/disclosure')
    const selection = main(page).locator('#selection')
    for (const criterion of ['Quality and archival standard', 'Community feedback', 'Value', 'Brand reputation']) {
      await expect(selection.getByRole('listitem').getByText(criterion, { exact: true })).toBeVisible()
    }

    const reviews = main(page).locator('#reviews')
    await expect(reviews).toContainText('magic link')
    await expect(reviews).toContainText('Moderated before publication.')
    await expect(reviews).toContainText('We do not change what reviewers write. The only exception is spam or abuse')

    const privacy = main(page).locator('#privacy')
    await expect(privacy).toContainText('Only your e-mail address.')
    await expect(privacy).toContainText('We do not sell, rent or share your e-mail address')
    await expect(privacy).toContainText('a nickname you pick')
    await expect(privacy).toContainText('We handle no payments')
  })

  test('every section has an anchor, and "On this page" links to each', async ({ page }) => {
    await page.goto('/disclosure')
    const contents = page.getByRole('navigation', { name: 'On this page' })
    const anchors = ['#affiliate', '#pricing', '#selection', '#reviews', '#privacy']
    expect(await hrefs(contents)).toEqual(anchors)
    for (const anchor of anchors) {
      await expect(main(page).locator(`section${anchor}`).getByRole('heading', { level: 2 })).toHaveCount(1)
    }

    await waitForHydration(page)
    await contents.getByRole('link', { name: 'Prices and product data' }).click()
    await expect(page).toHaveURL(/\/disclosure#pricing$/)
    await expect(main(page).getByRole('heading', { name: 'Prices and product data' })).toBeInViewport()
  })

  test('a link from another page lands on its section', async ({ page }) => {
    await page.goto('/disclosure#reviews')
    await expect(main(page).getByRole('heading', { level: 2, name: 'Review policy' })).toBeInViewport()
  })
})

test('/compare-sleeves: three sleeve types with pros, cons, best use and the links SPEC asks for', async ({ page }) => {
  await page.goto('/compare-sleeves')
  const content = main(page)

  const table = content.getByRole('table', { name: /feature by feature/ })
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Mylar', 'Polypropylene', 'Polyethylene'])

  for (const { name, href } of [
    { name: 'Mylar', href: '/category/mylar-sleeves' },
    { name: 'Polypropylene', href: '/category/polypropylene-sleeves' },
    { name: 'Polyethylene', href: '/category/poly-sleeves' },
  ]) {
    const article = content.getByRole('region', { name, exact: true })
    await expect(article.getByRole('heading', { level: 2 })).toHaveText(name)
    await expect(article.getByRole('heading', { level: 3 })).toHaveText(['Pros', 'Cons', 'Best use'])
    await expect(article.getByRole('list')).toHaveCount(2)
    for (const list of await article.getByRole('list').all()) {
      expect(await list.getByRole('listitem').count()).toBeGreaterThanOrEqual(3)
    }
    expect(await hrefs(article)).toEqual([href])
  }

  expect(await hrefs(content)).toEqual(
    expect.arrayContaining(['/category/backing-boards', '/faq', '/contact', '/sizes-guide']),
  )
})

test('/starter-kits: four kits with price ranges, item lists, ideal audience and category links', async ({ page }) => {
  await page.goto('/starter-kits')
  const content = main(page)
  const kits = [
    { name: "Beginner's Protection", price: 'About $45-60' },
    { name: 'Archival Collection', price: 'About $85-120' },
    { name: 'Complete Organization', price: 'About $70-95' },
    { name: 'Golden/Silver Age', price: 'About $65-85' },
  ]
  await expect(content.getByRole('heading', { level: 2 })).toHaveText(kits.map((kit) => kit.name))

  for (const { name, price } of kits) {
    const kit = content.getByRole('region', { name, exact: true })
    await expect(kit.getByText(price, { exact: true })).toBeVisible()
    await expect(kit.getByRole('heading', { level: 3 })).toHaveText(["What's in the kit", 'Ideal for'])
    expect(await kit.getByRole('listitem').count()).toBeGreaterThanOrEqual(3)
    for (const href of await hrefs(kit.getByRole('list'))) expect(href).toMatch(/^\/category\/[a-z-]+$/)
  }

  expect(await hrefs(content)).toEqual(
    expect.arrayContaining([
      '/category/polypropylene-sleeves',
      '/category/backing-boards',
      '/category/mylar-sleeves',
      '/category/short-boxes',
      '/category/long-boxes',
    ]),
  )
})

test('/sizes-guide: the chart of bag and board sizes by era, the wider variants and five tips', async ({ page }) => {
  await page.goto('/sizes-guide')
  const content = main(page)
  const chart = content.getByRole('table', { name: /bag and board dimensions by era/ })
  await expect(chart.getByRole('columnheader')).toHaveText(['Era', 'Bag size', 'Board size', 'Fits'])

  for (const { era, bag, board } of [
    { era: /^Modern/, bag: '7 x 10.5 in', board: '6.75 x 10.5 in' },
    { era: /^Standard/, bag: '7.125 x 10.5 in', board: '6.875 x 10.5 in' },
    { era: /^Silver Age \(1956-1970\)$/, bag: '7.25 x 10.5 in', board: '7 x 10.5 in' },
    { era: /^Golden Age \(1938-1956\)$/, bag: '7.75 x 10.5 in', board: '7.5 x 10.5 in' },
  ]) {
    const row = chart.getByRole('row').filter({ has: page.getByRole('rowheader', { name: era }) })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell').nth(0)).toHaveText(bag)
    await expect(row.getByRole('cell').nth(1)).toHaveText(board)
  }
  await expect(content).toContainText('Resealable and full-back variants are wider.')

  const tips = content.locator('#tips')
  await expect(tips.getByRole('heading', { level: 2 })).toHaveText('Five tips for a perfect fit')
  await expect(tips.getByRole('list')).toHaveCount(1)
  await expect(tips.getByRole('listitem')).toHaveCount(5)
})

test.describe('/faq', () => {
  const topics = [
    { id: 'sizes', heading: 'Sizes by era' },
    { id: 'materials', heading: 'Sleeve materials' },
    { id: 'replacing', heading: 'Replacing bags and boards' },
    { id: 'storage', heading: 'Storing your comics' },
    { id: 'prices', heading: 'How prices work here' },
    { id: 'reviews', heading: 'How reviews work' },
  ]

  test('answers by topic, each question a heading under its topic, with "On this page" links', async ({ page }) => {
    await page.goto('/faq')
    const content = main(page)
    await expect(content.getByRole('heading', { level: 2 })).toHaveText(topics.map((t) => t.heading))
    const contents = page.getByRole('navigation', { name: 'On this page' })
    expect(await hrefs(contents)).toEqual(topics.map((t) => `#${t.id}`))
    for (const { id } of topics) {
      const section = content.locator(`section#${id}`)
      expect(await section.getByRole('heading', { level: 3 }).count(), `questions under #${id}`).toBeGreaterThan(0)
      // Every answer is on the page, not behind a control that needs JavaScript.
      for (const question of await section.getByRole('heading', { level: 3 }).all())
        await expect(question).toBeVisible()
    }
    await waitForHydration(page)
    await contents.getByRole('link', { name: 'How prices work here' }).click()
    await expect(page).toHaveURL(/\/faq#prices$/)
    await expect(content.getByRole('heading', { level: 2, name: 'How prices work here' })).toBeInViewport()
  })

  test('sizes by era agree with the sizes guide, from the Platinum to the Modern Age', async ({ page }) => {
    await page.goto('/faq')
    const chart = main(page).getByRole('table', { name: /sizes by era/ })
    await expect(chart.getByRole('rowheader')).toHaveText([
      /^Platinum Age/,
      /^Golden Age \(1938-1956\)$/,
      /^Silver Age \(1956-1970\)$/,
      /^Bronze Age/,
      /^Modern Age/,
    ])
    for (const { era, bag, board } of [
      { era: /^Golden Age/, bag: '7.75 x 10.5 in', board: '7.5 x 10.5 in' },
      { era: /^Silver Age/, bag: '7.25 x 10.5 in', board: '7 x 10.5 in' },
      { era: /^Bronze Age/, bag: '7.125 x 10.5 in (Standard)', board: '6.875 x 10.5 in' },
      { era: /^Modern Age/, bag: '7 x 10.5 in (Current)', board: '6.75 x 10.5 in' },
    ]) {
      const row = chart.getByRole('row').filter({ has: page.getByRole('rowheader', { name: era }) })
      await expect(row.getByRole('cell').nth(0)).toHaveText(bag)
      await expect(row.getByRole('cell').nth(1)).toHaveText(board)
    }
    expect(await hrefs(main(page).locator('#sizes'))).toEqual(expect.arrayContaining(['/sizes-guide']))
  })

  test('materials, replacing, storage, prices and reviews say what the other pages say', async ({ page }) => {
    await page.goto('/faq')
    const content = main(page)
    for (const material of ['Mylar', 'Polypropylene', 'Polyethylene']) {
      await expect(content.locator('#materials')).toContainText(material)
    }
    expect(await hrefs(content.locator('#materials'))).toEqual(expect.arrayContaining(['/compare-sleeves']))
    await expect(content.locator('#replacing')).toContainText('about every five to seven years')
    for (const condition of ['Temperature:', 'Humidity:', 'Light:', 'Upright in boxes:']) {
      await expect(content.locator('#storage')).toContainText(condition)
    }
    const prices = content.locator('#prices')
    await expect(prices).toContainText('every night at 3:15 AM')
    await expect(prices).toContainText('never older than 24 hours')
    await expect(prices).toContainText('As an Amazon Associate I earn from qualifying purchases.')
    expect(await hrefs(prices)).toEqual(expect.arrayContaining(['/disclosure#affiliate', '/disclosure#pricing']))
    const reviews = content.locator('#reviews')
    await expect(reviews).toContainText('magic link')
    await expect(reviews).toContainText('read by a moderator before it appears')
    expect(await hrefs(reviews)).toEqual(expect.arrayContaining(['/disclosure#reviews']))
  })

  test('is linked from the footer and from /compare-sleeves', async ({ page }) => {
    await page.goto('/compare-sleeves')
    await main(page).getByRole('link', { name: 'frequently asked questions' }).click()
    await page.waitForURL((url) => url.pathname === '/faq')
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Frequently Asked Questions')
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/faq')
  })
})

test.describe('/contact form', () => {
  function field(page: Page, label: 'Name' | 'Email' | 'Message') {
    return main(page).getByLabel(label, { exact: true })
  }

  function sendButton(page: Page) {
    return main(page).getByRole('button', { name: 'Send Message' })
  }

  /** Counts the form posts the browser makes, to tell client-side from server-side validation apart. */
  function countPosts(page: Page): { count: number } {
    const posts = { count: 0 }
    page.on('request', (request) => {
      if (isContactPost(request)) posts.count++
    })
    return posts
  }

  test.beforeEach(async ({ page }) => {
    await page.goto('/contact')
    await waitForHydration(page)
  })

  test('fields are labelled, required and limited in length; no thank-you yet', async ({ page }) => {
    await expect(field(page, 'Name')).toHaveAttribute('required', '')
    await expect(field(page, 'Name')).toHaveAttribute('maxlength', '100')
    await expect(field(page, 'Email')).toHaveAttribute('required', '')
    await expect(field(page, 'Email')).toHaveAttribute('type', 'email')
    await expect(field(page, 'Email')).toHaveAttribute('maxlength', '254')
    await expect(field(page, 'Message')).toHaveAttribute('required', '')
    await expect(field(page, 'Message')).toHaveAttribute('maxlength', '5000')
    await expect(main(page).getByRole('status')).toHaveText('')
    await expect(main(page).getByText(THANK_YOU)).toHaveCount(0)
  })

  test('an empty submit shows a message next to each field', async ({ page }) => {
    const posts = countPosts(page)
    await sendButton(page).click()

    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Message', 'Message is required'],
    ] as const) {
      await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true')
      await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(`^${message}`))
      await expect(main(page).getByText(message, { exact: true })).toBeVisible()
    }
    await expect(main(page).getByText(THANK_YOU)).toHaveCount(0)

    if (isJsProject()) {
      // Checked in the browser, with the same rules as the server: no round trip, focus on the first field.
      expect(posts.count).toBe(0)
      await expect(field(page, 'Name')).toBeFocused()
    } else {
      // Without JavaScript the server answers, with a 400.
      expect(posts.count).toBe(1)
    }
    await expectNoA11yViolations(page)
  })

  test("blank and malformed values get the server's rules; what was typed is kept", async ({ page }) => {
    await field(page, 'Name').fill('   ')
    await field(page, 'Email').fill('peter@localhost')
    await field(page, 'Message').fill('Do you stock Silver Age Mylar?')
    await sendButton(page).click()

    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name is required')
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Please enter a valid email address')
    await expect(field(page, 'Message')).not.toHaveAttribute('aria-invalid')
    await expect(field(page, 'Email')).toHaveValue('peter@localhost')
    await expect(field(page, 'Message')).toHaveValue('Do you stock Silver Age Mylar?')

    // Corrected, it goes through.
    await field(page, 'Name').fill('Peter Parker')
    await field(page, 'Email').fill('peter@dailybugle.com')
    await sendButton(page).click()
    await page.waitForURL((url) => url.pathname === '/contact' && url.search === '?sent=1')
    await expect(main(page).getByRole('status')).toHaveText(THANK_YOU)
  })

  test('HTML typed into a field comes back as text, not markup', async ({ page }) => {
    const html = '<b id="injected">bold</b><img src=x id="injected-img">'
    await field(page, 'Name').fill(html)
    await field(page, 'Email').fill('not an e-mail')
    await sendButton(page).click()

    await expect(field(page, 'Email')).toHaveAccessibleDescription('Please enter a valid email address')
    await expect(field(page, 'Name')).toHaveValue(html)
    await expect(page.locator('#injected, #injected-img')).toHaveCount(0)
  })

  test('a valid message shows the thank-you and leaves the form empty, every time', async ({ page }) => {
    for (const round of [1, 2]) {
      await field(page, 'Name').fill(`Peter Parker ${round}`)
      await field(page, 'Email').fill('peter@dailybugle.com')
      await field(page, 'Message').fill('Which bags fit Amazing Fantasy #15?\nThanks!')
      const sent = page.waitForResponse((response) => isContactPost(response.request()))
      await sendButton(page).click()
      await sent
      await page.waitForURL((url) => url.pathname === '/contact' && url.search === '?sent=1')

      await expect(main(page).getByRole('status')).toHaveText(THANK_YOU)
      await expect(field(page, 'Name')).toHaveValue('')
      await expect(field(page, 'Email')).toHaveValue('')
      await expect(field(page, 'Message')).toHaveValue('')
      await expect(main(page).locator('[aria-invalid="true"]')).toHaveCount(0)
      await waitForHydration(page)
    }

    // Post/redirect/get: reloading the thank-you page does not send the form again.
    const reload = await page.reload()
    expect(reload?.request().method()).toBe('GET')
    await expect(main(page).getByRole('status')).toHaveText(THANK_YOU)
  })
})
