import { createRequire } from 'node:module'
import { test, type Page } from '@playwright/test'
import { build } from 'esbuild'
import { openScriptlessTwin } from './scriptless-twin.ts'

// A screen-reader model in the page: @guidepup/virtual-screen-reader builds the accessibility tree from the
// DOM (ARIA roles, accessible names and descriptions, modal dialogs, live regions) and says what a screen
// reader would, into a log. Its browser build is bundled once into a script that defines `VirtualScreenReader`,
// and evaluated in the page: evaluation by the test bypasses the site's CSP, which would refuse a script tag.

let code: Promise<string> | undefined
function virtualScreenReaderCode(): Promise<string> {
  code ??= build({
    entryPoints: [createRequire(import.meta.url).resolve('@guidepup/virtual-screen-reader/browser.js')],
    bundle: true,
    format: 'iife',
    globalName: 'VirtualScreenReader',
    platform: 'browser',
    write: false,
  }).then((result) => `${result.outputFiles[0]!.text}\nglobalThis.VirtualScreenReader = VirtualScreenReader`)
  return code
}

export interface ScreenReader {
  /** Moves to the next item; returns what is said. */
  next(): Promise<string>
  /** Activates the current item (a click, as the screen reader's "act" command does). */
  act(): Promise<void>
  /** Types into the current item. */
  type(text: string): Promise<void>
  /** Presses a key (or keys joined by "+") on the current item. */
  press(key: string): Promise<void>
  /** Everything said since the start or the last clear, live-region announcements ("polite: …") included. */
  log(): Promise<string[]>
  /** Empties the log. */
  clear(): Promise<void>
  /**
   * Reads on (next, next…) until a phrase matches; returns the phrases read, the matching one last. Fails after
   * `max` items, or at the end of the document.
   */
  readUntil(match: string | RegExp, max?: number): Promise<string[]>
  /** The page the screen reader runs in: the visitor's own with JavaScript, its scriptless copy without. */
  page: Page
  /** Stops it; closes the copy where there is one. */
  stop(): Promise<void>
}

type Virtual = {
  start(options: { container: Element }): Promise<void>
  next(): Promise<void>
  act(): Promise<void>
  type(text: string): Promise<void>
  press(key: string): Promise<void>
  spokenPhraseLog(): Promise<string[]>
  lastSpokenPhrase(): Promise<string>
  clearSpokenPhraseLog(): Promise<void>
  stop(): Promise<void>
}
declare global {
  // What the bundle defines on the page's window.
  var VirtualScreenReader: { virtual: Virtual }
}

/**
 * Starts the screen reader on `page`, on the whole body. In the `no-js` project the page cannot run scripts:
 * it reads a copy of the page as it is now, in a twin page that runs scripts but loads none of the app's (as
 * tests/e2e/support/axe.ts does), so it hears exactly what a visitor without JavaScript gets.
 */
export async function startScreenReader(page: Page): Promise<ScreenReader> {
  if (test.info().project.use.javaScriptEnabled !== false) return start(page, async () => {})
  const { twin, context } = await openScriptlessTwin(page)
  return start(twin, () => context.close())
}

async function start(page: Page, close: () => Promise<void>): Promise<ScreenReader> {
  await page.evaluate(await virtualScreenReaderCode())
  await page.evaluate(() => VirtualScreenReader.virtual.start({ container: document.body }))
  const log = () => page.evaluate(() => VirtualScreenReader.virtual.spokenPhraseLog())
  const next = async () => {
    await page.evaluate(() => VirtualScreenReader.virtual.next())
    return page.evaluate(() => VirtualScreenReader.virtual.lastSpokenPhrase())
  }
  return {
    page,
    next,
    act: () => page.evaluate(() => VirtualScreenReader.virtual.act()),
    type: (text) => page.evaluate((value) => VirtualScreenReader.virtual.type(value), text),
    press: (key) => page.evaluate((value) => VirtualScreenReader.virtual.press(value), key),
    log,
    clear: () => page.evaluate(() => VirtualScreenReader.virtual.clearSpokenPhraseLog()),
    async readUntil(match, max = 300) {
      const read: string[] = []
      for (let step = 0; step < max; step++) {
        const phrase = await next()
        read.push(phrase)
        if (typeof match === 'string' ? phrase.includes(match) : match.test(phrase)) return read
        if (phrase === 'end of document') break
      }
      throw new Error(`The screen reader never said ${String(match)}; it read:\n${read.join('\n')}`)
    },
    async stop() {
      await page.evaluate(() => VirtualScreenReader.virtual.stop())
      await close()
    },
  }
}

/** The live-region announcements in a log ("polite: …", "assertive: …") that contain `text`. */
export function announcementsOf(log: readonly string[], text: string): string[] {
  return log.filter((phrase) => /^(polite|assertive): /.test(phrase) && phrase.includes(text))
}
