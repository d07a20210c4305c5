import { expect, type Page } from '@playwright/test'

// A keyboard walk (issue 27): Tab, or Shift+Tab, from the top of the page until focus wraps, checking every stop
// as a sighted keyboard user sees it. What a stop must be:
// - visible: a box, inside the viewport once the browser scrolled to it;
// - not obscured (WCAG 2.4.11): the element is what sits at its centre, and no sticky or fixed box (the site
//   header) covers any part of it;
// - ringed (WCAG 2.4.7): its outline, box-shadow or border differs from its unfocused self, or, for an input
//   drawn by its label (a switch, a hidden file input), the label's;
// - in order (WCAG 2.4.3): the stops are the page's tabbable elements in DOM order, none skipped, and no
//   positive tabindex reorders them.
// The checks run inside the page, one evaluate a stop: the walk of a 300-stop page stays quick.

export type WalkOptions = {
  /** Tab (forward) or Shift+Tab (backward). */
  direction: 'forward' | 'backward'
}

type StopReport = { index: number; label: string; problems: string[] } | { done: true }

/** Walks the page in one direction and answers every problem found, one line each; [] when all is well. */
export async function walkKeyboard(page: Page, { direction }: WalkOptions): Promise<string[]> {
  await startAt(page, direction === 'forward' ? 'top' : 'bottom')
  const expected = await page.evaluate(installWalk, { backward: direction === 'backward' })
  const key = direction === 'forward' ? 'Tab' : 'Shift+Tab'
  const problems: string[] = expected.positiveTabindex.map((label) => `positive tabindex on ${label}`)
  const seen: number[] = []
  const labels: string[] = []
  // Every tabbable element once (a date input takes up to four presses), then focus leaves the page: more
  // presses than that is a loop gone wrong.
  const bound = expected.labels.length * 4 + 5
  let left = false
  for (let press = 0; press < bound && !left; press++) {
    await page.keyboard.press(key)
    let stop = await checkStop(page)
    // A smooth scroll (the featured row's) may still be bringing the element in: look again once it has settled.
    for (let look = 0; look < 30 && 'problems' in stop && stop.problems.some(isPlacement); look++) {
      await page.waitForTimeout(100)
      stop = await checkStop(page)
    }
    // Focus left the page, or wrapped round to the first stop.
    left = 'done' in stop || (seen.length > 0 && stop.index === seen[0])
    if ('done' in stop || left) continue
    // A date input's month, day, year and picker are stops inside one element: one stop of the page.
    if (stop.index === -1 || stop.index !== seen.at(-1)) {
      seen.push(stop.index)
      labels.push(stop.label)
    }
    for (const problem of stop.problems) problems.push(`${key} stop ${seen.length} ${stop.label}: ${problem}`)
  }
  if (!left) problems.push(`${key}: focus did not leave the page after ${bound} presses`)

  // The order: every tabbable element, once, in DOM order (reversed for Shift+Tab).
  const count = Math.max(seen.length, expected.labels.length)
  const differs = Array.from({ length: count }, (_, position) => position).find(
    (position) => seen[position] !== position,
  )
  if (differs !== undefined) {
    const got = seen[differs]
    const gotLabel =
      got === undefined
        ? 'nothing (focus left the page)'
        : got === -1
          ? `${labels[differs]}, not tabbable when the walk began`
          : expected.labels[got]
    problems.push(
      `${key} order differs from the DOM's at stop ${differs + 1}: expected ${expected.labels[differs] ?? 'focus to leave the page'}, got ${gotLabel} (${seen.length} stops, ${expected.labels.length} tabbable)`,
    )
  }
  return problems
}

/** Walks forward and backward and fails with every problem found, one line each. */
export async function expectKeyboardWalk(page: Page): Promise<void> {
  const problems = [
    ...(await walkKeyboard(page, { direction: 'forward' })),
    ...(await walkKeyboard(page, { direction: 'backward' })),
  ]
  expect(problems, `keyboard walk of ${page.url()}:\n${problems.join('\n')}\n`).toEqual([])
}

/**
 * The first Tab stop is the skip link; Enter on it leaves the page at the main content: the address ends in
 * #main, the content's top is not under the sticky header, and the next Tab goes to its first control.
 */
export async function expectSkipLinkToMain(page: Page): Promise<void> {
  await startAt(page, 'top')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#main$/)
  const scrolled = await page.evaluate(() => {
    const header = [...document.querySelectorAll('header')].find((box) =>
      ['sticky', 'fixed'].includes(getComputedStyle(box).position),
    )
    return {
      mainTop: document.getElementById('main')?.getBoundingClientRect().top ?? -1,
      headerBottom: header?.getBoundingClientRect().bottom ?? 0,
    }
  })
  expect(scrolled.mainTop, 'the main content starts below the sticky header').toBeGreaterThanOrEqual(
    scrolled.headerBottom - 1,
  )
  await page.keyboard.press('Tab')
  const landed = await page.evaluate(() => {
    const focused = document.activeElement
    return {
      inMain: Boolean(focused && document.getElementById('main')?.contains(focused)),
      focused: focused ? `<${focused.tagName.toLowerCase()}> "${(focused.textContent ?? '').trim().slice(0, 40)}"` : '',
    }
  })
  expect(landed.inMain, `after the skip link, Tab went to ${landed.focused}, outside the main content`).toBe(true)
}

/**
 * Focus on nothing and the page at its top (or bottom), as a fresh page is. Blurring is not enough: the browser
 * goes on from where focus was (or from the target of a followed link), so focus a stand-in at the very start (or
 * end), not tabbable itself, and drop it once focus has left it. Dropped while it still had focus, it left the
 * browser to choose where to go on from: once in ~450 walks under load (CI, 2026-11-29), a backward walk began in
 * the sticky header.
 */
async function startAt(page: Page, end: 'top' | 'bottom') {
  await page.evaluate((at) => {
    const start = document.createElement('span')
    start.tabIndex = -1
    if (at === 'top') document.body.prepend(start)
    else document.body.append(start)
    start.addEventListener('blur', () => start.remove(), { once: true })
    start.focus({ preventScroll: true })
    window.scrollTo(0, at === 'top' ? 0 : document.documentElement.scrollHeight)
  }, end)
}

function checkStop(page: Page): Promise<StopReport> {
  return page.evaluate(() => (window as unknown as { __keyboardWalk: { check(): StopReport } }).__keyboardWalk.check())
}

/** A problem of where the element is (off screen, covered), which a scroll still under way may cause. */
const isPlacement = (problem: string) => /outside the viewport|covered|under/.test(problem)

/**
 * Runs in the page: records its tabbable elements (in the order Tab visits them) with their unfocused styles, and
 * installs `check`, which reports on the element that has focus. Answers the tabbable elements' labels.
 */
function installWalk({ backward }: { backward: boolean }) {
  const describe = (element: Element) => {
    const name =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
        ? [...(element.labels ?? [])].map((label) => label.textContent).join(' ') || element.name
        : element.textContent) ??
      ''
    const id = element.id ? `#${element.id}` : ''
    const type = element instanceof HTMLInputElement ? `[type=${element.type}]` : ''
    return `<${element.tagName.toLowerCase()}${id}${type}> "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`
  }

  const candidates =
    'a[href], area[href], button, input, select, textarea, summary, iframe, audio[controls], video[controls], [tabindex], [contenteditable]:not([contenteditable="false"])'
  const rendered = (element: Element) => element.checkVisibility({ visibilityProperty: true })
  const tabbable = (element: Element) => {
    if (!(element instanceof HTMLElement) || element.tabIndex < 0 || !rendered(element)) return false
    if (element.matches(':disabled') || element.closest('[inert]')) return false
    if (element instanceof HTMLInputElement && element.type === 'hidden') return false
    // Only a details' own first summary is its toggle.
    if (element.tagName === 'SUMMARY') {
      const details = element.parentElement
      return details?.tagName === 'DETAILS' && details.querySelector(':scope > summary') === element
    }
    return true
  }
  // Chromium makes a scroller with nothing focusable inside a Tab stop of its own, so its content can be reached.
  const focusableScroller = (element: Element) => {
    if (!(element instanceof HTMLElement) || element.matches(candidates) || !rendered(element)) return false
    if (element === document.documentElement || element === document.body) return false
    const style = getComputedStyle(element)
    const scrolls =
      (['auto', 'scroll'].includes(style.overflowY) && element.scrollHeight > element.clientHeight) ||
      (['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth)
    return scrolls && ![...element.querySelectorAll(candidates)].some(tabbable)
  }

  let elements = [...document.querySelectorAll('*')].filter(
    (element) => (element.matches(candidates) && tabbable(element)) || focusableScroller(element),
  ) as HTMLElement[]
  // A radio group is one stop: its checked radio, else the first radio Tab meets.
  const groups = new Map<string, HTMLInputElement[]>()
  for (const element of elements) {
    if (element instanceof HTMLInputElement && element.type === 'radio' && element.name) {
      const key = `${element.form ? [...document.forms].indexOf(element.form) : -1}/${element.name}`
      groups.set(key, [...(groups.get(key) ?? []), element])
    }
  }
  for (const radios of groups.values()) {
    const stop = radios.find((radio) => radio.checked) ?? (backward ? radios.at(-1) : radios[0])
    elements = elements.filter((element) => !radios.includes(element as HTMLInputElement) || element === stop)
  }
  if (backward) elements.reverse()

  // An input drawn by something else (a visually hidden checkbox behind a switch, an invisible file input over
  // its button) shows its place and its ring on its label.
  const drawnBy = (element: HTMLElement): HTMLElement | null => {
    const box = element.getBoundingClientRect()
    const hidden = box.width <= 1 || box.height <= 1 || !element.checkVisibility({ opacityProperty: true })
    if (!hidden) return element
    const label = element instanceof HTMLInputElement ? [...(element.labels ?? [])].find(rendered) : undefined
    return label ?? null
  }
  // The boxes whose look may show focus: the element (or its label, with what is inside it) and two ancestors
  // (a field's wrapper may ring itself with :focus-within).
  const ringCandidates = (element: HTMLElement) => {
    const drawn = drawnBy(element) ?? element
    return [
      drawn,
      ...[...drawn.querySelectorAll('*')].slice(0, 20),
      element.parentElement,
      element.parentElement?.parentElement,
    ].filter((box): box is Element => Boolean(box))
  }
  const looks = (box: Element) => {
    const style = getComputedStyle(box)
    return {
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      outlineShown:
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1 &&
        !/rgba\(.*, 0\)$/.test(style.outlineColor),
      shadow: style.boxShadow,
      border: `${style.borderTopWidth} ${style.borderRightWidth} ${style.borderBottomWidth} ${style.borderLeftWidth} ${style.borderTopColor} ${style.borderRightColor} ${style.borderBottomColor} ${style.borderLeftColor}`,
    }
  }
  const unfocused = new Map<Element, ReturnType<typeof looks>>()
  for (const element of elements) for (const box of ringCandidates(element)) unfocused.set(box, looks(box))

  // Sticky and fixed boxes (the site header, a toaster), found once: looking for them at every stop is slow.
  const covers = [...document.querySelectorAll('*')].filter((box) =>
    ['sticky', 'fixed'].includes(getComputedStyle(box).position),
  )

  const check = () => {
    const element = document.activeElement
    // With focus gone to the browser's own controls, activeElement may still name the last element.
    if (!(element instanceof HTMLElement) || element === document.body || !document.hasFocus()) {
      return { done: true as const }
    }
    const index = elements.indexOf(element)
    const label = describe(element)
    const problems: string[] = []

    const drawn = drawnBy(element)
    if (!drawn) {
      problems.push('has focus but is not drawn (no box, or invisible, and no visible label)')
      return { index, label, problems }
    }
    const box = drawn.getBoundingClientRect()
    const viewport = { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight }
    // Its centre at least: a box may grow, or move down as a message opens above it, after the browser scrolled.
    // A box larger than the screen (a long table that is a stop of its own) cannot be wholly on it: the browser
    // brings its start into view, so the centre of what the screen can hold of it is what must be on screen.
    const centre = (start: number, end: number, size: number) =>
      end - start > size ? (Math.max(start, 0) + Math.min(end, size)) / 2 : (start + end) / 2
    const inside = (start: number, end: number, size: number) =>
      centre(start, end, size) >= 0 && centre(start, end, size) <= size
    if (!inside(box.top, box.bottom, viewport.height) || !inside(box.left, box.right, viewport.width)) {
      problems.push(
        `is outside the viewport (box ${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)})`,
      )
    }

    // Not obscured: the element is what is hit at its centre; no sticky or fixed box that does not hold it
    // covers any of it.
    // A link that wraps has a box per line: the centre of one of them must hit it.
    const own = (node: Element | null) => Boolean(node && (drawn.contains(node) || element.contains(node)))
    const hits = [...drawn.getClientRects()]
      .filter((line) => line.width > 0 && line.height > 0)
      .map((line) =>
        document.elementFromPoint(
          centre(line.left, line.right, viewport.width),
          centre(line.top, line.bottom, viewport.height),
        ),
      )
    if (hits.length > 0 && !hits.some(own)) {
      const hit = hits.find(Boolean)
      problems.push(`is covered at its centre by ${hit ? describe(hit) : 'nothing (off screen)'}`)
    }
    for (const cover of covers) {
      if (cover.contains(element) || element.contains(cover) || !cover.checkVisibility()) continue
      const over = cover.getBoundingClientRect()
      const overlaps =
        over.width > 0 &&
        over.height > 0 &&
        over.left < box.right - 1 &&
        over.right > box.left + 1 &&
        over.top < box.bottom - 1 &&
        over.bottom > box.top + 1
      // Only if the cover is drawn on top of it: hit-test inside the overlap.
      if (!overlaps) continue
      const x = (Math.max(over.left, box.left) + Math.min(over.right, box.right)) / 2
      const y = (Math.max(over.top, box.top) + Math.min(over.bottom, box.bottom)) / 2
      const top = document.elementFromPoint(x, y)
      if (top && cover.contains(top))
        problems.push(`is partly under ${describe(cover)} (a ${getComputedStyle(cover).position} box)`)
    }

    // A ring: some box's outline, shadow or border changed on focus. Not checkable when focus is on a part inside
    // the browser's own shadow tree (a date input's calendar button, which the browser rings): the element is
    // the active one, yet does not match :focus.
    if (!element.matches(':focus')) return { index, label, problems }
    const ringed = ringCandidates(element).some((candidate) => {
      const before = unfocused.get(candidate)
      const now = looks(candidate)
      if (!before) return now.outlineShown || now.shadow !== 'none'
      return (
        (now.outlineShown && now.outline !== before.outline) ||
        (now.shadow !== 'none' && now.shadow !== before.shadow) ||
        now.border !== before.border
      )
    })
    if (!ringed) problems.push('shows no focus indicator (outline, box-shadow and border as when unfocused)')
    return { index, label, problems }
  }

  ;(window as unknown as { __keyboardWalk: unknown }).__keyboardWalk = { check }
  const positiveTabindex = [...document.querySelectorAll<HTMLElement>('[tabindex]')]
    .filter((element) => element.tabIndex > 0)
    .map(describe)
  return { labels: elements.map(describe), positiveTabindex }
}
