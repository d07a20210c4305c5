import type { ParsedMail } from 'mailparser'
import { beforeEach, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { mailQueueIdle, startMailDelivery } from '#tests/support/mail-delivery.ts'
import { callAction, callLoader, loaderData, redirectOf, replyOf } from '#tests/support/remix.ts'

// The Link health tab (list, filter, hide, mark seen, replace the ASIN), its dashboard card, its settings and
// the daily e-mail (docs/decisions/047), through the real loaders, actions and jobs, with real Postgres,
// Redis, BullMQ and SMTP.
const SITE = 'http://shop.example.test'
const sink = await startMailDelivery({ siteUrl: SITE })

const tab = await import('#app/routes/admin.products_.link-health.tsx')
const dashboard = await import('#app/routes/admin._index.tsx')
const settings = await import('#app/routes/admin.settings.tsx')
const { recordProblem } = await import('#app/models/link-health.server.ts')
const { recordApiAnswer } = await import('#app/services/amazon-api-state.server.ts')
const { sendLinkHealthJob } = await import('#jobs/send-link-health.ts')
const { createCategory, createProduct, createReview } = await import('#tests/support/catalogue.ts')
const { recordPageDrops } = await import('#tests/support/page-drops.ts')
const { createPanelUser, signedInPanelUser } = await import('#tests/support/panel-users.ts')
const { db } = await import('#db/client.ts')

const PATH = '/admin/products/link-health'
const editor = await signedInPanelUser('editor')
const viewer = await signedInPanelUser('viewer')
const admin = await signedInPanelUser('admin')

beforeEach(async () => {
  await db.deleteFrom('link_problems').execute()
  await db.deleteFrom('audit_log').execute()
  await db.deleteFrom('reviews').execute()
  await db.deleteFrom('products').execute()
  await db.updateTable('users').set({ link_health_email: false }).execute()
  await db.updateTable('site_settings').set({ auto_hide_rejected: false }).execute()
  await db.deleteFrom('amazon_api_state').execute()
})

/** A product with an open problem of `kind`, detected `minutesAgo`. */
async function problem(kind: 'rejected' | 'unavailable' | 'no-offer' | 'price-jump', minutesAgo = 0, values = {}) {
  const product = await createProduct(values)
  await recordProblem(db, product.id, kind, `${kind} of ${product.asin}`)
  const detected = new Date(Date.now() - minutesAgo * 60_000)
  const row = await db
    .updateTable('link_problems')
    .set({ detected_at: detected, last_seen_at: detected })
    .where('product_id', '=', product.id)
    .where('kind', '=', kind)
    .returning('id')
    .executeTakeFirstOrThrow()
  return { product, id: row.id }
}

const load = async (cookie: string, query = '') => loaderData(callLoader(tab.loader, `${PATH}${query}`, { cookie }))
const act = (cookie: string, fields: Record<string, string | number> | string, query = '') =>
  callAction(tab.action, `${PATH}${query}`, fields, { cookie }) as Promise<unknown>
const refusal = (result: unknown) => {
  const { status, data } = replyOf<FormReply>(result)
  return { status, message: firstErrorOf(data)?.[0] }
}
const productRow = (id: number) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const problemRow = (id: number) =>
  db.selectFrom('link_problems').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
// Imports queued by a replaced ASIN end (failed: no Amazon credentials here) on their own time, with their own rows.
const audits = () =>
  db
    .selectFrom('audit_log')
    .select(['actor_id', 'entity_id', 'action', 'diff'])
    .where('entity_type', '!=', 'IMPORT')
    .orderBy('id')
    .execute()

describe('the Link health tab', () => {
  test('lists open problems newest first with their product, filters by kind; resolved ones are gone', async () => {
    const old = await problem('rejected', 60, { title: 'Old rejected sleeve' })
    const recent = await problem('unavailable', 5, { title: 'Recent unavailable box' })
    const middle = await problem('price-jump', 30, { title: 'Jumping board' })
    const resolved = await problem('no-offer', 1)
    await db.updateTable('link_problems').set({ resolved_at: new Date() }).where('id', '=', resolved.id).execute()

    const all = await load(viewer.cookie)
    expect(all.total).toBe(3)
    expect(all.problems.map((row) => row.id)).toEqual([recent.id, middle.id, old.id])
    expect(all.problems[0]).toMatchObject({
      kind: 'unavailable',
      title: 'Recent unavailable box',
      asin: recent.product.asin,
      product_id: recent.product.id,
      detail: `unavailable of ${recent.product.asin}`,
      seen: null,
      soft_hidden: false,
    })
    expect(all.problems[0]!.detected).toMatch(/\d{4}/)

    const jumps = await load(viewer.cookie, '?kind=price-jump')
    expect(jumps.problems.map((row) => row.id)).toEqual([middle.id])
    expect(jumps.total).toBe(1)
    // A kind that is not one is "all kinds", never an error.
    expect((await load(viewer.cookie, '?kind=bogus&page=abc')).total).toBe(3)
  })

  test('the dashboard counts open problems and names the featured products with one', async () => {
    const featured = await problem('rejected', 0, { title: 'Featured but broken', is_featured: true })
    await problem('unavailable', 0, { title: 'Plain broken' })
    await createProduct({ title: 'Featured and fine', is_featured: true })
    await db.updateTable('link_problems').set({ seen_at: new Date() }).where('id', '=', featured.id).execute()
    const page = await loaderData(callLoader(dashboard.loader, '/admin', { cookie: viewer.cookie }))
    expect(page.linkHealth).toEqual({
      open: 2,
      unseen: 1,
      featured: [{ id: featured.product.id, title: 'Featured but broken', asin: featured.product.asin }],
    })
  })

  test('mark seen: audited, by whom; a condition stays listed, a price jump is closed', async () => {
    const condition = await problem('unavailable')
    const jump = await problem('price-jump')
    expect(
      await redirectOf(await act(editor.cookie, { intent: 'mark-seen', id: condition.id }, '?kind=unavailable')),
    ).toEqual({
      status: 303,
      location: `${PATH}?kind=unavailable`,
      toast: expect.objectContaining({ title: 'Marked as seen' }),
    })
    await act(editor.cookie, { intent: 'mark-seen', id: jump.id })
    expect(await problemRow(condition.id)).toMatchObject({ seen_by: editor.id, resolved_at: null })
    expect((await problemRow(jump.id)).resolved_at).not.toBeNull()
    const listed = await load(viewer.cookie)
    expect(listed.problems.map((row) => [row.id, row.seen_by])).toEqual([[condition.id, editor.email]])
    expect(await audits()).toMatchObject([
      { actor_id: editor.id, entity_id: String(condition.product.id), action: 'LINK_PROBLEM_SEEN' },
      { actor_id: editor.id, entity_id: String(jump.product.id), action: 'LINK_PROBLEM_SEEN' },
    ])
    // Closed by then: refused with the reason, nothing written.
    expect(refusal(await act(editor.cookie, { intent: 'mark-seen', id: jump.id }))).toEqual({
      status: 404,
      message: 'That problem is no longer open.',
    })
    expect(await audits()).toHaveLength(2)
  })

  test('hide: the product is hidden as the list switch hides it, audited, its pages dropped', async () => {
    const shelf = await createCategory({ slug: 'health-shelf' })
    const target = await problem('rejected', 0, { category_id: shelf.id })
    const drops = recordPageDrops()
    expect(await redirectOf(await act(editor.cookie, { intent: 'hide', productId: target.product.id }))).toMatchObject({
      status: 303,
      location: PATH,
      toast: { title: 'Product hidden' },
    })
    expect((await productRow(target.product.id)).soft_hidden).toBe(true)
    expect(drops.take()).toEqual([expect.arrayContaining([`product:${target.product.asin}`, 'category:health-shelf'])])
    drops.stop()
    expect(await audits()).toMatchObject([
      { actor_id: editor.id, action: 'UPDATE', diff: { soft_hidden: { from: false, to: true } } },
    ])
    expect((await load(viewer.cookie)).problems[0]!.soft_hidden).toBe(true)
    expect(refusal(await act(editor.cookie, { intent: 'hide', productId: 2147483000 }))).toEqual({
      status: 404,
      message: 'That product no longer exists.',
    })
  })

  test('replace the ASIN: in place, reviews and specs kept, Amazon data of the old one cleared, problems resolved, audited, import queued', async () => {
    const shelf = await createCategory({ slug: 'replace-shelf' })
    const target = await problem('rejected', 0, {
      title: 'Curated sleeves',
      category_id: shelf.id,
      price: '9.99',
      manual_price: '8.50',
      inner_width: '7.125',
      amazon_error: 'The ItemId is invalid.',
      rejected_runs: 2,
      marketplaces: ['UK'],
    })
    await recordProblem(db, target.product.id, 'unavailable', 'Out of Stock')
    const review = await createReview({ product_id: target.product.id, status: 'APPROVED' })
    const drops = recordPageDrops()

    const answer = await redirectOf(
      await act(editor.cookie, { intent: 'replace-asin', productId: target.product.id, asin: ' b0newasin1 ' }),
    )
    expect(answer).toMatchObject({ status: 303, location: PATH, toast: { title: 'ASIN replaced' } })
    expect(answer.toast?.description).toContain('Curated sleeves now uses B0NEWASIN1.')

    const after = await productRow(target.product.id)
    expect(after).toMatchObject({
      asin: 'B0NEWASIN1',
      title: 'Curated sleeves',
      category_id: shelf.id,
      manual_price: '8.50',
      inner_width: '7.125',
      price: null,
      last_updated: null,
      amazon_error: null,
      rejected_runs: 0,
      marketplaces: [],
    })
    expect(new URL(after.affiliate_url!).pathname).toBe('/dp/B0NEWASIN1')
    expect(await db.selectFrom('reviews').select('product_id').where('id', '=', review.id).executeTakeFirst()).toEqual({
      product_id: target.product.id,
    })
    const open = await db
      .selectFrom('link_problems')
      .select('id')
      .where('product_id', '=', target.product.id)
      .where('resolved_at', 'is', null)
      .execute()
    expect(open).toEqual([])
    expect(drops.take()).toEqual([
      expect.arrayContaining([`product:${target.product.asin}`, 'product:B0NEWASIN1', 'category:replace-shelf']),
    ])
    drops.stop()
    expect(await audits()).toEqual([
      {
        actor_id: editor.id,
        entity_id: String(target.product.id),
        action: 'REPLACE_ASIN',
        diff: { asin: { from: target.product.asin, to: 'B0NEWASIN1' }, problems_resolved: 2 },
      },
    ])
    const imports = await db.selectFrom('import_jobs').select(['asins', 'created_by']).execute()
    expect(imports).toContainEqual({ asins: ['B0NEWASIN1'], created_by: editor.id })
  })

  test('replace the ASIN: the guides that embed the old one embed the new one, as a new revision by the replacer', async () => {
    const target = await problem('rejected')
    const old = target.product.asin
    const { saveGuide } = await import('#app/services/document.server.ts')
    const body = `Our pick :price{asin="${old}"}.\n\n::product{asin="${old}"}\n\n${old} is named here in words too.`
    const guide = await saveGuide(editor.id, null, {
      intent: 'publish',
      title: 'Replaced ASIN guide',
      slug: '',
      summary: 'A guide that embeds a product whose ASIN is then replaced in place.',
      body,
      coverMediaId: undefined,
      lastReviewedOn: null,
      seoTitle: null,
      noindex: false,
      publishAt: null,
      revision: 0,
    })

    await redirectOf(
      await act(editor.cookie, { intent: 'replace-asin', productId: target.product.id, asin: 'B0NEWASIN2' }),
    )

    const document = await db.selectFrom('documents').selectAll().where('id', '=', guide.id).executeTakeFirstOrThrow()
    expect(document.body).toBe(
      `Our pick :price{asin="B0NEWASIN2"}.\n\n::product{asin="B0NEWASIN2"}\n\n${old} is named here in words too.`,
    )
    expect(document.revision).toBe(2)
    const revisions = await db
      .selectFrom('document_revisions')
      .select(['revision', 'author_id'])
      .where('document_id', '=', guide.id)
      .orderBy('revision')
      .execute()
    expect(revisions).toEqual([
      { revision: 1, author_id: editor.id },
      { revision: 2, author_id: editor.id },
    ])
    const embeds = await db.selectFrom('document_embeds').select('target').where('document_id', '=', guide.id).execute()
    expect(embeds).toEqual([{ target: 'B0NEWASIN2' }])
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'diff'])
      .where('entity_type', '=', 'GUIDE')
      .where('action', '=', 'REPLACE_ASIN')
      .executeTakeFirstOrThrow()
    expect(audit.diff).toEqual({ body: 'changed', asin: { from: old, to: 'B0NEWASIN2' } })
    await db.deleteFrom('documents').execute()
  })

  test('replace the ASIN: a malformed one (400) or one another product has (409) changes nothing', async () => {
    const target = await problem('rejected')
    const other = await createProduct({ asin: 'B0TAKEN001' })
    const before = await productRow(target.product.id)
    for (const [asin, status, message] of [
      ['B0-SHORT', 400, 'Enter an ASIN: 10 capital letters and digits, such as B000123456.'],
      ['', 400, 'Enter an ASIN: 10 capital letters and digits, such as B000123456.'],
      [other.asin.toLowerCase(), 409, 'ASIN B0TAKEN001 is already used by another product.'],
      [target.product.asin, 400, 'That is already this product’s ASIN.'],
    ] as const) {
      const result = await act(editor.cookie, {
        intent: 'replace-asin',
        productId: target.product.id,
        asin,
        row: target.id,
      })
      const { status: got, data } = replyOf<FormReply>(result)
      expect({ status: got, message: data.error?.asin?.[0] }).toEqual({ status, message })
      // The reply names its row, so the page shows the message under that row's field.
      expect(data.initialValue?.row).toBe(String(target.id))
    }
    expect(await productRow(target.product.id)).toEqual(before)
    expect((await problemRow(target.id)).resolved_at).toBeNull()
    expect(await audits()).toEqual([])
  })

  test('while Amazon withdraws API access, replacing an ASIN is refused up front (409) as imports are; nothing changes', async () => {
    const target = await problem('rejected')
    await recordApiAnswer({ code: 'AssociateNotEligible', message: 'Your account does not currently meet it.' })
    const importJobs = () => db.selectFrom('import_jobs').select('id').execute()
    const jobsBefore = await importJobs()
    const drops = recordPageDrops()

    const answer = refusal(
      await act(editor.cookie, { intent: 'replace-asin', productId: target.product.id, asin: 'B0BLOCKED1' }),
    )
    expect(answer.status).toBe(409)
    expect(answer.message).toMatch(
      /^Amazon has refused API access since .+ \(AssociateNotEligible: Your account does not currently meet it\.\)\. Imports run again once a call succeeds: test the connection in Settings → Amazon\.$/,
    )
    expect(await productRow(target.product.id)).toMatchObject({ asin: target.product.asin })
    expect(await problemRow(target.id)).toMatchObject({ resolved_at: null })
    expect(await importJobs()).toEqual(jobsBefore)
    expect(await audits()).toEqual([])
    expect(drops.take()).toEqual([])
    drops.stop()

    // Once a call succeeds, the same replacement goes through.
    await recordApiAnswer(null)
    const replaced = await redirectOf(
      await act(editor.cookie, { intent: 'replace-asin', productId: target.product.id, asin: 'B0BLOCKED1' }),
    )
    expect(replaced).toMatchObject({ status: 303, toast: { title: 'ASIN replaced' } })
  })

  test('a viewer reads the tab but every write is refused (403) and changes nothing', async () => {
    const target = await problem('price-jump')
    const attempts: Array<Record<string, string | number>> = [
      { intent: 'mark-seen', id: target.id },
      { intent: 'hide', productId: target.product.id },
      { intent: 'replace-asin', productId: target.product.id, asin: 'B0VIEWER01' },
    ]
    for (const fields of attempts) {
      await expect(act(viewer.cookie, fields)).rejects.toMatchObject({ status: 403 })
    }
    expect(await problemRow(target.id)).toMatchObject({ seen_at: null, resolved_at: null })
    expect(await productRow(target.product.id)).toMatchObject({ soft_hidden: false, asin: target.product.asin })
    expect(refusal(await act(editor.cookie, { intent: 'delete-everything' })).status).toBe(400)
  })

  test('ids and ASINs that cannot be one are refused with a 400 (never a 500), and a body over 4 kB with a 413', async () => {
    const target = await problem('unavailable')
    for (const id of ['abc', '1e308', '-1', '2147483648', 'NaN', '1.0']) {
      expect(refusal(await act(editor.cookie, { intent: 'mark-seen', id })).status).toBe(400)
      expect(refusal(await act(editor.cookie, { intent: 'hide', productId: id })).status).toBe(400)
      expect(
        refusal(await act(editor.cookie, { intent: 'replace-asin', productId: id, asin: 'B0GOODASIN' })).status,
      ).toBe(400)
    }
    for (const asin of ['B0\u0000SHORT1', 'B0ÉÉÉÉÉÉÉÉ', 'x'.repeat(3000)]) {
      expect(
        refusal(await act(editor.cookie, { intent: 'replace-asin', productId: target.product.id, asin })).status,
      ).toBe(400)
    }
    const big = await act(editor.cookie, `intent=replace-asin&productId=${target.product.id}&asin=${'x'.repeat(5000)}`)
    expect(refusal(big)).toEqual({ status: 413, message: 'The form is too large to send.' })
    expect(await problemRow(target.id)).toMatchObject({ seen_at: null, resolved_at: null })
    expect(await audits()).toEqual([])
  })
})

describe('settings', () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    callAction(settings.action, '/admin/settings', fields, { cookie }) as Promise<unknown>
  const setting = async () =>
    (await db.selectFrom('site_settings').select('auto_hide_rejected').executeTakeFirstOrThrow()).auto_hide_rejected

  test('auto-hide: an admin turns it on and off, audited; an editor gets a 403; only admins see it', async () => {
    expect(await redirectOf(await post(admin.cookie, { intent: 'auto-hide', autoHideRejected: 'on' }))).toMatchObject({
      status: 303,
      location: '/admin/settings',
      toast: { title: 'Settings saved', description: 'Products Amazon rejects on 3 runs in a row will be hidden.' },
    })
    expect(await setting()).toBe(true)
    await expect(post(editor.cookie, { intent: 'auto-hide' })).rejects.toMatchObject({ status: 403 })
    expect(await setting()).toBe(true)
    await post(admin.cookie, { intent: 'auto-hide' })
    expect(await setting()).toBe(false)
    expect(await audits()).toEqual([
      {
        actor_id: admin.id,
        entity_id: null,
        action: 'UPDATE',
        diff: { auto_hide_rejected: { from: false, to: true } },
      },
      {
        actor_id: admin.id,
        entity_id: null,
        action: 'UPDATE',
        diff: { auto_hide_rejected: { from: true, to: false } },
      },
    ])
    const page = (cookie: string) => loaderData(callLoader(settings.loader, '/admin/settings', { cookie }))
    expect((await page(admin.cookie)).linkHealth).toEqual({ autoHideRejected: false, linkHealthEmail: false })
    expect((await page(editor.cookie)).linkHealth).toEqual({ autoHideRejected: null, linkHealthEmail: false })
  })

  test('the daily e-mail: every panel user sets their own, and only their own', async () => {
    const emailOf = async (id: number) =>
      (await db.selectFrom('users').select('link_health_email').where('id', '=', id).executeTakeFirstOrThrow())
        .link_health_email
    const answer = await redirectOf(
      // A user id in the form is ignored: the signed-in user's row is the one changed.
      await post(viewer.cookie, { intent: 'link-health-email', linkHealthEmail: 'on', userId: String(admin.id) }),
    )
    expect(answer.toast).toMatchObject({ title: 'Settings saved' })
    expect(await emailOf(viewer.id)).toBe(true)
    expect(await emailOf(admin.id)).toBe(false)
    expect(
      (await loaderData(callLoader(settings.loader, '/admin/settings', { cookie: viewer.cookie }))).linkHealth,
    ).toEqual({ autoHideRejected: null, linkHealthEmail: true })
    expect(
      refusal(await post(viewer.cookie, { intent: 'link-health-email', linkHealthEmail: 'yes please' })).status,
    ).toBe(400)
    expect(await emailOf(viewer.id)).toBe(true)
    await post(viewer.cookie, { intent: 'link-health-email' })
    expect(await emailOf(viewer.id)).toBe(false)
    expect(await audits()).toMatchObject([
      { actor_id: viewer.id, entity_id: String(viewer.id), diff: { link_health_email: { from: false, to: true } } },
      { actor_id: viewer.id, entity_id: String(viewer.id), diff: { link_health_email: { from: true, to: false } } },
    ])
  })
})

describe('the daily e-mail', () => {
  const SUBJECT = /^Comic Vault Supplies: \d+ new link problems?$/
  const to = (mail: ParsedMail) => [mail.to].flat().map((address) => address?.text.toLowerCase())
  const mailsTo = (email: string) =>
    sink.messages.filter((mail) => SUBJECT.test(mail.subject ?? '') && to(mail).includes(email.toLowerCase()))

  test('goes once to opted-in panel users only, lists the new problems with a link to the tab, then nothing new, no mail', async () => {
    const optedIn = await createPanelUser('editor')
    const optedOut = await createPanelUser('viewer')
    const formerStaff = await createPanelUser(null)
    await db
      .updateTable('users')
      .set({ link_health_email: true })
      .where('id', 'in', [optedIn.id, formerStaff.id])
      .execute()
    const first = await problem('unavailable', 0, { title: 'Out of stock <box>' })
    const second = await problem('price-jump', 0, { title: 'Jumpy board' })
    const seen = await problem('no-offer', 0, { title: 'Already seen' })
    await db.updateTable('link_problems').set({ seen_at: new Date() }).where('id', '=', seen.id).execute()

    expect(await sendLinkHealthJob({})).toEqual({ mails: 1, problems: 2 })
    const mail = await sink.waitFor(optedIn.email)
    await mailQueueIdle()
    expect(mail.subject).toBe('Comic Vault Supplies: 2 new link problems')
    expect(mail.text).toContain(`Out of stock <box> (${first.product.asin})`)
    expect(mail.text).toContain('Unavailable, found ')
    expect(mail.text).toContain(`${SITE}/admin/products/${first.product.id}`)
    // The detail (Amazon's words, a jump's prices) stays on the tab (docs/decisions/076).
    expect(mail.text).not.toContain(`unavailable of ${first.product.asin}`)
    expect(mail.text).toContain('Jumpy board')
    expect(mail.text).not.toContain('Already seen')
    expect(mail.text).toContain(`${SITE}/admin/products/link-health`)
    expect(mail.html).toContain('Out of stock &lt;box&gt;')
    expect(mailsTo(optedOut.email)).toEqual([])
    expect(mailsTo(formerStaff.email)).toEqual([])
    const notified = await db.selectFrom('link_problems').select('id').where('notified_at', 'is not', null).execute()
    expect(notified.map((row) => row.id).sort()).toEqual([first.id, second.id].sort())

    // Run again: nothing new, no mail.
    expect(await sendLinkHealthJob({})).toEqual({ mails: 0, problems: 0 })
    // A run that died after queueing its mails but before marking them: the same problems make the same jobs,
    // which the queue drops.
    await db.updateTable('link_problems').set({ notified_at: null }).where('id', 'in', [first.id, second.id]).execute()
    expect(await sendLinkHealthJob({})).toEqual({ mails: 1, problems: 2 })
    await mailQueueIdle()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mailsTo(optedIn.email)).toHaveLength(1)

    // A new problem the next day is mailed.
    const third = await problem('rejected', 0, { title: 'Newly rejected' })
    expect(await sendLinkHealthJob({})).toEqual({ mails: 1, problems: 1 })
    await expect.poll(() => mailsTo(optedIn.email).length, { timeout: 10_000 }).toBe(2)
    expect(mailsTo(optedIn.email)[1]!.subject).toBe('Comic Vault Supplies: 1 new link problem')
    expect((await problemRow(third.id)).notified_at).not.toBeNull()
  })
})
