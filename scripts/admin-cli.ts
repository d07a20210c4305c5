import './load-dotenv.ts'
import { z } from 'zod'
import { refuseToStart, runOnce, startEntryPoint } from './entry-point.ts'

// npm run admin -- <command>: the way back into the panel (docs/decisions/048), against DATABASE_URL, audited
// as the CLI (no actor, `via: 'cli'`).
//   reset-2fa <email>  removes the user's second factors and recovery codes and ends their panel sessions
//   create <email>     a new admin, with a set-password link printed once (24 hours)

const USAGE = `Usage:
  npm run admin -- reset-2fa <email>   turn off two-factor sign-in for a panel user and end their sessions
  npm run admin -- create <email>      create a panel admin and print a link to set their password`

const COMMANDS = ['reset-2fa', 'create']

const [command = '', email, ...extra] = process.argv.slice(2)
const address = z.string().trim().max(254).email().safeParse(email)
if (!COMMANDS.includes(command)) refuseToStart(`${command ? `Unknown command: ${command}\n` : ''}${USAGE}`)
if (!address.success || extra.length > 0)
  refuseToStart(`Not one e-mail address: ${process.argv.slice(3).join(' ')}\n${USAGE}`)

const { env } = await startEntryPoint({ service: 'admin-cli', signs: false })
if (!env.DATABASE_URL) {
  refuseToStart('npm run admin needs DATABASE_URL: the database of the site to change.')
}
const { db } = await import('#db/client.ts')
const { findUserByEmail } = await import('#app/models/user.server.ts')
const { Refusal } = await import('#app/lib/form-reply.server.ts')

await runOnce(`admin ${command}`, async () => {
  if (command === 'reset-2fa') {
    const { resetTwoFactor } = await import('#app/services/two-factor.server.ts')
    const user = await findUserByEmail(db, address.data)
    if (!user) {
      console.error(`No user with the e-mail ${address.data}.`)
      return false
    }
    const { factors, sessionsEnded } = await resetTwoFactor(user.id)
    console.log(
      `Two-factor sign-in is off for ${user.email} (${factors} factor${factors === 1 ? '' : 's'} removed, ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended). They sign in with their password alone now.`,
    )
    return true
  }
  const { createAdminFromCli } = await import('#app/services/panel-user.server.ts')
  try {
    const user = await createAdminFromCli(address.data)
    console.log(`Admin ${user.email} created. Open this link within 24 hours to set the password (it works once):`)
    console.log(`${env.SITE_URL}/admin/reset-password?token=${user.token}`)
    return true
  } catch (error) {
    if (!(error instanceof Refusal)) throw error
    console.error(error.message)
    return false
  }
})
