import { test, type BrowserContext, type Page } from '@playwright/test'

/**
 * A copy of `page` as it is now, in a twin page that may run scripts but loads none of the app's: what a visitor
 * without JavaScript gets (same URL, so :target and CSS apply), for tools that are scripts themselves (axe, the
 * screen-reader model) in the `no-js` project, whose pages cannot run any. Close its context when done.
 */
export async function openScriptlessTwin(page: Page): Promise<{ twin: Page; context: BrowserContext }> {
  const html = await page.content()
  const url = page.url()
  const browser = page.context().browser()
  if (!browser) throw new Error('openScriptlessTwin: the page has no browser to open a twin in')
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
    colorScheme: test.info().project.use.colorScheme ?? null,
  })
  const twin = await context.newPage()
  await twin.route('**/*', async (route) => {
    const request = route.request()
    if (request.isNavigationRequest() && request.frame() === twin.mainFrame()) {
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
    } else if (request.resourceType() === 'script') {
      await route.abort() // the app's JavaScript never runs, as for the no-js visitor
    } else {
      await route.continue() // stylesheets, images, fonts from the real server
    }
  })
  await twin.goto(url)
  return { twin, context }
}
