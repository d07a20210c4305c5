import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules: what every public page must pass. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

type AxeOptions = {
  /** Limit the scan to part of the page (a CSS selector), e.g. an open dialog. */
  include?: string
  /** Leave out parts of the page (CSS selectors), e.g. a third-party embed. */
  exclude?: string[]
  /** Rule ids to turn off; each one needs a comment at the call site saying why. */
  disableRules?: string[]
}

/**
 * Runs axe-core on the page as it is now and fails with a readable list (rule id, impact, help, and the
 * offending elements) when any WCAG 2.1 A/AA rule is violated.
 */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(wcagTags)
  if (options.include) builder = builder.include(options.include)
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector)
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules)

  const { violations } = await builder.analyze()
  const report = violations
    .map((violation) => {
      const targets = violation.nodes
        .map((node) => `      - ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`)
        .join('\n')
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${targets}`
    })
    .join('\n')
  expect(violations, `accessibility violations on ${page.url()}:\n${report}`).toEqual([])
}
