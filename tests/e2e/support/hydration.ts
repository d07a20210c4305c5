import { test, type Page } from '@playwright/test'

/**
 * In the `js` project, waits until React has started hydrating the document (hydrateRoot has run, so a
 * click or key press is handled by the app and not by the browser's default behaviour). Without it, a test
 * can click a control while the JavaScript is still downloading and see the no-JavaScript behaviour instead.
 * In the `no-js` project there is nothing to wait for.
 *
 * There is no app-provided hydration marker yet, so this looks for the key React puts on its root container.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if (!isJsProject()) return
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer$')))
}

/** True in the project that runs with JavaScript enabled. */
export function isJsProject(): boolean {
  return test.info().project.use.javaScriptEnabled !== false
}
