import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openScriptlessTwin } from './scriptless-twin.ts'

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/** The WCAG 2.2 A and AA rules (2.0, 2.1 and 2.2's own): what every page must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export type AxeOptions = {
  /** Limit the scan to part of the page (a CSS selector), e.g. an open dialog. */
  include?: string
  /** Leave out parts of the page (CSS selectors), e.g. a third-party embed. */
  exclude?: string[]
  /** Rule ids to turn off; each one needs a comment at the call site saying why. */
  disableRules?: string[]
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list (rule id, impact, help, and the
 * offending elements with axe's summary) when any WCAG 2.2 A/AA rule is violated.
 *
 * Works in both projects. axe is a script, and the `no-js` project's pages cannot run scripts, so there the
 * page's current DOM is copied into a twin page that may run scripts but loads none of the app's, and axe runs
 * on the twin: it sees exactly what a visitor without JavaScript gets (same URL, so :target and CSS apply).
 */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const results =
    test.info().project.use.javaScriptEnabled === false
      ? await analyzeScriptlessCopy(page, options)
      : await analyze(page, options)

  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
  const report = results.violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = node.failureSummary?.replace(/\n\s*/g, ' ') ?? ''
          return `    - ${node.target.join(' ')}\n      ${node.html.slice(0, 200)}\n      ${summary}`
        })
        .join('\n')
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`
    })
    .join('\n')
  expect(violations, `WCAG 2.2 A/AA violations on ${page.url()}:\n${report}\n`).toEqual([])
}

function analyze(page: Page, options: AxeOptions): Promise<AxeResults> {
  let builder = new AxeBuilder({ page }).withTags(wcagTags)
  if (options.include) builder = builder.include(options.include)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)
  return builder.analyze()
}

async function analyzeScriptlessCopy(page: Page, options: AxeOptions): Promise<AxeResults> {
  const { twin, context } = await openScriptlessTwin(page)
  try {
    return await analyze(twin, options)
  } finally {
    await context.close()
  }
}
