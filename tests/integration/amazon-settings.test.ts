import { beforeEach, describe, expect, test } from 'vitest'
import { firstErrorOf } from '#app/components/forms.tsx'
import type { FormReply } from '#app/lib/form-reply.server.ts'
import { startAmazonStandIn, STAND_IN_CREDENTIALS } from '#tests/support/amazon-stand-in.ts'
import { callAction, callLoader, loaderData, replyOf, toastOf } from '#tests/support/remix.ts'

// The Amazon section of /admin/settings (docs/decisions/078): admins set the stores' tags and the Creators API
// credentials, audited, the secret sealed at rest and never shown or audited; what the environment sets wins and
// cannot be changed here; "Test the connection" says what Amazon answered. Real Postgres, Redis, and the stand-in.
const standIn = await startAmazonStandIn()
Object.assign(process.env, {
  AMAZON_API_URL: standIn.env.AMAZON_API_URL,
  AMAZON_TOKEN_URL: standIn.env.AMAZON_TOKEN_URL,
  // Germany's tag and the marketplace come from the environment: the panel shows them and cannot change them.
  AFFILIATE_TAGS: 'DE:envshop-21',
  AMAZON_MARKETPLACE: 'www.amazon.com',
  ENCRYPTION_KEY: 'amazon-settings-test-key-0123456789abcdef',
})

const SITE = 'http://shop.example.test'
const route = await import('#app/routes/admin.settings.tsx')
const { signedInPanelUser } = await import('#tests/support/panel-users.ts')
const { createProduct } = await import('#tests/support/catalogue.ts')
const { enrolledStores } = await import('#app/lib/stores.server.ts')
const { decryptSecret } = await import('#app/lib/secret-box.server.ts')
const schema = await import('#app/schemas/amazon-settings.ts')
const { db } = await import('#db/client.ts')

beforeEach(async () => {
  standIn.reset()
  await db.deleteFrom('audit_log').execute()
  await db.deleteFrom('amazon_store_tags').execute()
  await db.deleteFrom('amazon_credentials').execute()
  await db.deleteFrom('amazon_api_state').execute()
  await db.deleteFrom('products').execute()
})

const act = (cookie: string, fields: Record<string, string>) =>
  callAction(route.action, `${SITE}/admin/settings`, fields, { cookie }) as Promise<unknown>
const load = (cookie: string) => loaderData(callLoader(route.loader, `${SITE}/admin/settings`, { cookie }))
const refusal = (result: unknown) => {
  const { status, data } = replyOf<FormReply>(result)
  return { status, message: firstErrorOf(data)?.[0] }
}
const auditDiffs = async () =>
  (await db.selectFrom('audit_log').select(['entity_type', 'action', 'diff']).orderBy('id').execute()).map(
    (row) => row.diff,
  )
const admin = () => signedInPanelUser('admin')

const CREDENTIALS = {
  intent: 'amazon-credentials',
  credentialId: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_ID,
  credentialSecret: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_SECRET,
  version: '3.1',
}

describe('tags', () => {
  test('an admin sets and clears a store’s tag: audited, and the next click in this process uses it', async () => {
    const { cookie, id } = await admin()
    expect((await enrolledStores()).get('US')).toBeNull()
    const saved = (await act(cookie, { intent: 'amazon-tag', store: 'US', tag: ' panelshop-20 ' })) as Response
    expect(saved.status).toBe(303)
    expect(await db.selectFrom('amazon_store_tags').selectAll().execute()).toMatchObject([
      { store: 'US', tag: 'panelshop-20' },
    ])
    expect((await enrolledStores()).get('US')).toBe('panelshop-20')
    await act(cookie, { intent: 'amazon-tag', store: 'UK', tag: 'panelshop-21' })
    await act(cookie, { intent: 'amazon-tag', store: 'UK', tag: '' })
    expect((await enrolledStores()).has('UK')).toBe(false)
    expect(await auditDiffs()).toEqual([
      { 'associatesTag.US': { from: null, to: 'panelshop-20' } },
      { 'associatesTag.UK': { from: null, to: 'panelshop-21' } },
      { 'associatesTag.UK': { from: 'panelshop-21', to: null } },
    ])
    const row = await db.selectFrom('audit_log').select(['actor_id', 'entity_type']).executeTakeFirstOrThrow()
    expect(row).toEqual({ actor_id: id, entity_type: 'SETTINGS' })
  })

  test.each([
    [{ store: 'US', tag: 'shop 20' }, schema.INVALID_TAG],
    [{ store: 'US', tag: '<b>shop</b>' }, schema.INVALID_TAG],
    [{ store: 'XX', tag: 'shop-20' }, schema.UNKNOWN_STORE],
  ])('bad input %j is a 400 with a clear message, nothing written', async (fields, message) => {
    const { cookie } = await admin()
    expect(refusal(await act(cookie, { intent: 'amazon-tag', ...fields }))).toEqual({ status: 400, message })
    expect(await db.selectFrom('amazon_store_tags').selectAll().execute()).toEqual([])
    expect(await auditDiffs()).toEqual([])
  })

  test('a tag the environment sets is shown so and cannot be changed here (409, nothing written)', async () => {
    const { cookie } = await admin()
    const data = (await load(cookie)) as { amazon: { tags: unknown[] } }
    expect(data.amazon.tags).toContainEqual({ store: 'DE', tag: 'envshop-21', fromEnv: true })
    expect(refusal(await act(cookie, { intent: 'amazon-tag', store: 'DE', tag: 'other-21' }))).toEqual({
      status: 409,
      message: schema.setByEnvironment('AFFILIATE_TAGS'),
    })
    expect(await db.selectFrom('amazon_store_tags').selectAll().execute()).toEqual([])
  })

  test.each(['editor', 'viewer'] as const)(
    'a %s cannot change Amazon settings (403, nothing written)',
    async (role) => {
      const { cookie } = await signedInPanelUser(role)
      const forms: Array<Record<string, string>> = [
        { intent: 'amazon-tag', store: 'US', tag: 'stolen-20' },
        CREDENTIALS,
        { intent: 'amazon-test' },
      ]
      for (const fields of forms) {
        await expect(act(cookie, fields)).rejects.toMatchObject({ status: 403 })
      }
      expect(await db.selectFrom('amazon_store_tags').selectAll().execute()).toEqual([])
      expect(await db.selectFrom('amazon_credentials').selectAll().execute()).toEqual([])
      expect(standIn.calls.getItems).toBe(0)
    },
  )
})

describe('credentials', () => {
  test('the secret is sealed at rest, audited as changed with its last four only, never shown back', async () => {
    const { cookie } = await admin()
    expect(((await act(cookie, CREDENTIALS)) as Response).status).toBe(303)
    const row = await db.selectFrom('amazon_credentials').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ credential_id: 'stand-in-id', version: '3.1', secret_last_four: 'cret' })
    expect(JSON.stringify(row)).not.toContain(CREDENTIALS.credentialSecret)
    expect(row.credential_secret).toMatch(/^v1\./)
    expect(decryptSecret(row.credential_secret!, process.env.ENCRYPTION_KEY!)).toBe(CREDENTIALS.credentialSecret)

    const audit = await auditDiffs()
    expect(JSON.stringify(audit)).not.toContain(CREDENTIALS.credentialSecret)
    expect(audit).toEqual([
      {
        credential_id: { from: null, to: 'stand-in-id' },
        version: { from: null, to: '3.1' },
        credential_secret: { changed: true, lastFour: 'cret' },
      },
    ])
    const page = JSON.stringify(await load(cookie))
    expect(page).not.toContain(CREDENTIALS.credentialSecret)
    expect(page).toContain('"lastFour":"cret"')

    // Saved again without a secret: the stored one stays.
    await act(cookie, { ...CREDENTIALS, credentialSecret: '' })
    const again = await db.selectFrom('amazon_credentials').select('credential_secret').executeTakeFirstOrThrow()
    expect(again.credential_secret).toBe(row.credential_secret)
  })

  test.each([
    [{ credentialId: 'has space' }, 'credentialId', schema.INVALID_CREDENTIAL],
    [{ credentialSecret: '<script>x</script>' }, 'credentialSecret', schema.INVALID_CREDENTIAL],
    [{ version: '9.9' }, 'version', schema.INVALID_VERSION],
  ])('bad input %j is a 400 naming it, nothing written, the secret not echoed', async (bad, field, message) => {
    const { cookie } = await admin()
    const result = await act(cookie, { ...CREDENTIALS, ...bad })
    const { status, data } = replyOf<FormReply>(result)
    expect(status).toBe(400)
    expect(data.error?.[field]).toEqual([message])
    expect(JSON.stringify(data)).not.toContain(CREDENTIALS.credentialSecret)
    expect(await db.selectFrom('amazon_credentials').selectAll().execute()).toEqual([])
  })

  test('a credential the environment sets cannot be changed here', async () => {
    const { cookie } = await admin()
    const result = await act(cookie, { ...CREDENTIALS, marketplace: 'www.amazon.de' })
    expect(refusal(result)).toEqual({ status: 409, message: schema.setByEnvironment('AMAZON_MARKETPLACE') })
    expect(await db.selectFrom('amazon_credentials').selectAll().execute()).toEqual([])
  })
})

describe('Test the connection', () => {
  const test_ = async (cookie: string) => {
    const answer = (await act(cookie, { intent: 'amazon-test' })) as Response
    expect(answer.status).toBe(303)
    return (await toastOf(answer))!
  }
  const state = () => db.selectFrom('amazon_api_state').selectAll().executeTakeFirst()

  test('answers what Amazon said: OK with the title, token refused, AssociateNotEligible, throttled', async () => {
    const { cookie } = await admin()
    const product = await createProduct({ asin: 'B0SETTING1' })
    await act(cookie, { intent: 'amazon-tag', store: 'US', tag: 'panelshop-20' })
    await act(cookie, CREDENTIALS)

    expect(await test_(cookie)).toMatchObject({
      type: 'success',
      description: `Amazon answered OK: ${product.asin} is “Stand-in comic storage product ${product.asin}”.`,
    })
    expect(standIn.calls.getItems).toBe(1)
    expect((await state())?.last_success_at).toBeInstanceOf(Date)

    standIn.failNext(403)
    expect(await test_(cookie)).toMatchObject({
      type: 'error',
      description: expect.stringContaining(
        '403 AccessDenied: AssociateNotEligible: Your account does not currently meet the eligibility requirements.',
      ),
    })
    expect(await state()).toMatchObject({ refusal_code: 'AssociateNotEligible', refused_since: expect.any(Date) })

    standIn.failNext(429)
    expect(await test_(cookie)).toMatchObject({
      type: 'error',
      description: expect.stringContaining('Amazon throttled the requests (429 ThrottleException: Rate exceeded).'),
    })

    await act(cookie, { ...CREDENTIALS, credentialSecret: 'a-wrong-secret' })
    expect(await test_(cookie)).toMatchObject({
      type: 'error',
      description: 'Amazon refused the credentials (401 invalid_client).',
    })
    expect(await state()).toMatchObject({ refusal_code: 'invalid_client' })
  })
})
