import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'

// npm run admin (scripts/admin-cli.ts, docs/decisions/048), run as a child process against this file's database:
// the way back in for an owner who lost their second factor, and a first admin without the setup page.

const { createPanelUser, enrolAuthenticator, panelCookie } = await import('#tests/support/panel-users.ts')
const { findUsablePasswordResetToken } = await import('#app/models/password-reset.server.ts')
const { db } = await import('#db/client.ts')

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', 'scripts/admin-cli.ts', ...args], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

const cliAudit = (userId: number) =>
  db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'diff'])
    .where('entity_type', '=', 'USER')
    .where('entity_id', '=', String(userId))
    .execute()

describe('npm run admin', () => {
  test('reset-2fa removes the factors and recovery codes, ends the panel sessions, and is audited as the CLI', async () => {
    const user = await createPanelUser('admin')
    await enrolAuthenticator(user.id)
    await panelCookie(user.id, { aal: 'aal2' })
    const run = await admin('reset-2fa', user.email.toUpperCase())
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`Two-factor sign-in is off for ${user.email} (1 factor removed, 1 session ended)`)
    expect(await db.selectFrom('mfa_factors').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect(await db.selectFrom('mfa_recovery_codes').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect(await db.selectFrom('sessions').where('user_id', '=', user.id).selectAll().execute()).toEqual([])
    expect(await cliAudit(user.id)).toEqual([
      { actor_id: null, action: 'TWO_FACTOR_RESET', diff: { via: 'cli', factors_removed: 1, sessions_ended: 1 } },
    ])
  })

  test('create makes an admin with a one-time set-password link, and refuses an address that has an account', async () => {
    const email = `cli-owner-${Date.now()}@example.com`
    const run = await admin('create', email)
    expect(run.code).toBe(0)
    const token = run.stdout.match(/\/admin\/reset-password\?token=([\w-]+)/)?.[1]
    expect(token).toBeDefined()
    const link = await findUsablePasswordResetToken(db, token!)
    expect(link?.email).toBe(email)
    const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', link!.user_id).execute()
    expect(roles).toEqual([{ role: 'admin' }])
    expect(await cliAudit(link!.user_id)).toEqual([
      { actor_id: null, action: 'ADD_USER', diff: { via: 'cli', email, role: { from: null, to: 'admin' } } },
    ])

    const again = await admin('create', email)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('A user with that e-mail already exists.')
  })

  test('bad arguments: the usage and a non-zero exit; an unknown user for reset-2fa too', async () => {
    for (const args of [
      [],
      ['frob', 'a@example.com'],
      ['create'],
      ['create', 'not-an-address'],
      ['reset-2fa', 'a@example.com', 'b'],
    ]) {
      const run = await admin(...args)
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr).toContain('Usage:')
    }
    const unknown = await admin('reset-2fa', 'nobody-here@example.com')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('No user with the e-mail nobody-here@example.com.')
  })
})
