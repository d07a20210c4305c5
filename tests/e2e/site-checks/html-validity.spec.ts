import type { APIRequestContext } from '@playwright/test'
import {
  BOT_USER_AGENT,
  BROWSER_USER_AGENT,
  fetchPage,
  linkTargets,
  publicPageTypes,
  UNCACHED,
} from '../support/crawl.ts'
import { describeNuErrors, nuErrors } from '../support/nu-checker.ts'
import { expect, test } from '../support/panel-fixture.ts'
import { createProductRow, deleteDocumentRow, recordLinkProblem } from '../support/panel.ts'

// "The Nu checker finds no error on any page" (the project's standard): every kind of public page, as a
// browser and as a crawler get it (the server once streamed differently to each: docs/decisions/022), and the
// admin panel's pages as an admin gets them. One run of the checker per test: the JVM is slow to start.

test.describe.configure({ timeout: 120_000 })

// Checked with the pages, in the same run: proof that the checker runs and its errors reach the test.
const INVALID = { name: 'known invalid', html: '<!DOCTYPE html><html lang="en"><title>x</title><p><li>stray' }

function check(documents: Array<{ name: string; html: string }>) {
  const [control, ...results] = nuErrors(test.info().outputPath('nu'), [INVALID, ...documents])
  expect(control!.errors.length, 'the checker finds the error in a known-invalid document').toBeGreaterThan(0)
  expect(results).toHaveLength(documents.length)
  return describeNuErrors(results)
}

async function fetchAll(
  request: APIRequestContext,
  pages: ReadonlyArray<{ name: string; path: string }>,
  headers = {},
) {
  const documents = []
  for (const { name, path } of pages) {
    const page = await fetchPage(request, path, headers)
    expect(page.contentType, `${name} (${path}) answers HTML`).toMatch(/^text\/html/)
    documents.push({ name: `${name} (${path}, ${page.status})`, html: page.html })
  }
  return documents
}

for (const { agent, userAgent } of [
  { agent: 'a browser', userAgent: BROWSER_USER_AGENT },
  { agent: 'a crawler', userAgent: BOT_USER_AGENT },
]) {
  test(`every kind of public page is valid HTML for ${agent}`, async ({ request }) => {
    const documents = await fetchAll(request, publicPageTypes, { 'user-agent': userAgent, ...UNCACHED })
    expect(check(documents), `Nu HTML checker errors for ${agent} (${userAgent})`).toEqual([])
  })
}

test('the admin panel is valid HTML', async ({ request, playwright, panelUsers }) => {
  // Signed out: the panel's own sign-in pages.
  const signedOut = await fetchAll(request, [
    { name: 'login', path: '/admin/login' },
    { name: 'forgot password', path: '/admin/forgot-password' },
    { name: 'setup, closed', path: '/admin/setup' },
  ])

  const admin = await panelUsers.createUser('admin')
  const panel = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { cookie: await panelUsers.cookie(admin.id), 'user-agent': BROWSER_USER_AGENT },
  })
  try {
    // Pages that hold one record: the first the lists link to.
    const firstLink = async (path: string, pattern: RegExp) => {
      const target = linkTargets(await fetchPage(panel, path)).find((link) => link && pattern.test(link.path))
      expect(target, `${path} links to ${pattern}`).toBeTruthy()
      return target!.path
    }
    // A problem, so the Link health tab and the dashboard's card show their rows and forms.
    const troubled = await createProductRow('Link health validity check')
    await recordLinkProblem(troubled.id, 'price-jump', '$10.00 → $14.50 (+45%)', { featured: true })
    const pages = [
      { name: 'dashboard', path: '/admin' },
      { name: 'products', path: '/admin/products' },
      { name: 'products, filtered to nothing', path: '/admin/products?q=zzzznotfound' },
      { name: 'product edit panel', path: await firstLink('/admin/products', /^\/admin\/products\/\d+/) },
      { name: 'reviews tab', path: '/admin/products?tab=reviews' },
      { name: 'manual import tab', path: '/admin/products?tab=import' },
      { name: 'bulk tools tab', path: '/admin/products?tab=bulk' },
      { name: 'link health tab', path: '/admin/products/link-health' },
      { name: 'link health tab, filtered to nothing', path: '/admin/products/link-health?kind=no-offer&page=9' },
      { name: 'categories', path: '/admin/categories' },
      { name: 'category edit', path: await firstLink('/admin/categories', /[?&]edit=\d+/) },
      { name: 'comparisons', path: '/admin/comparisons' },
      { name: 'comparison add', path: '/admin/comparisons?new' },
      { name: 'guides', path: '/admin/guides' },
      { name: 'new guide', path: '/admin/guides/new' },
      { name: 'pages', path: '/admin/pages' },
      { name: 'page editor, default text', path: '/admin/pages/about' },
      { name: 'contact page editor', path: '/admin/pages/contact' },
      { name: 'analytics', path: '/admin/analytics' },
      { name: 'analytics, nothing in range', path: '/admin/analytics?from=2000-01-01&to=2000-01-02' },
      { name: 'search words and queries', path: '/admin/search' },
      { name: 'search, a synonym from a query', path: '/admin/search?new&words=zorp' },
      { name: 'search, filtered to nothing', path: '/admin/search?q=zzzznotfound' },
      { name: 'media, grid', path: '/admin/media' },
      { name: 'media, list', path: '/admin/media?view=list' },
      { name: 'media upload', path: '/admin/media/upload' },
      { name: 'settings', path: '/admin/settings' },
      { name: 'account, two-factor off', path: '/admin/account' },
      { name: 'panel 404', path: '/admin/no-such-page' },
    ]
    const documents = [...signedOut, ...(await fetchAll(panel, pages))]
    documents.push(...(await guideEditorPages(panel)))
    // Two-factor (docs/decisions/048): setting up (the server's QR code), and the second step of sign-in.
    const started = await panel.post('/admin/account', {
      form: { intent: 'start-totp' },
      headers: { origin: process.env.E2E_BASE_URL! },
      maxRedirects: 0,
    })
    expect(started.status()).toBe(303)
    const enrolled = await panelUsers.createUser('editor')
    await panelUsers.enrolAuthenticator(enrolled.id)
    const secondStep = await playwright.request.newContext({
      baseURL: process.env.E2E_BASE_URL,
      extraHTTPHeaders: { cookie: await panelUsers.cookie(enrolled.id), 'user-agent': BROWSER_USER_AGENT },
    })
    try {
      documents.push(
        ...(await fetchAll(panel, [{ name: 'account, setting up an authenticator app', path: '/admin/account' }])),
        ...(await fetchAll(secondStep, [{ name: 'second step of sign-in', path: '/admin/login/verify' }])),
      )
    } finally {
      await secondStep.dispose()
    }
    expect(check(documents), 'Nu HTML checker errors in the admin panel').toEqual([])
  } finally {
    await panel.dispose()
  }
})

/**
 * A guide's editor with two revisions, compared with the first and with its delete confirmation open, and the
 * page a preview answers (a form post without JavaScript); the guide is deleted after.
 */
async function guideEditorPages(panel: APIRequestContext) {
  const slug = `validity-${Date.now().toString(36)}`
  const form = {
    title: 'Validity check guide',
    slug,
    summary: 'A guide written by the HTML validity check, to see the editor with revisions and a preview.',
    body: 'Intro.\n\n::product{asin="B073TEQUFH"}\n\n::product{asin="ZZZZ000000"}\n\n## Boxes\n\nUpright.\n',
    revision: '0',
  }
  const post = (path: string, fields: Record<string, string>) =>
    panel.post(path, { form: fields, headers: { origin: process.env.E2E_BASE_URL! }, maxRedirects: 0 })
  try {
    const created = await post('/admin/guides/new', { ...form, intent: 'save' })
    expect(created.status()).toBe(303)
    const path = new URL(created.headers().location!, process.env.E2E_BASE_URL).pathname
    expect((await post(path, { ...form, intent: 'save', body: `${form.body}More.\n`, revision: '1' })).status()).toBe(
      303,
    )
    const previewed = await post(path, { ...form, intent: 'preview', revision: '2' })
    expect(previewed.status()).toBe(200)
    const preview = await previewed.text()
    expect(preview).toContain('ZZZZ000000 is not in the catalogue.')
    return [
      ...(await fetchAll(panel, [
        { name: 'guide editor, compared with revision 1', path: `${path}?diff=1` },
        { name: 'guide delete confirmation', path: `${path}?delete` },
      ])),
      { name: `guide preview (${path})`, html: preview },
    ]
  } finally {
    await deleteDocumentRow('guide', slug)
  }
}
