import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

// npm start: the production server. On a fresh clone there is no build yet, so make one first.
process.env.NODE_ENV ??= 'production'
if (!existsSync('build/server/index.js')) {
  console.log('No production build found: running `npm run build` first…')
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}
await import('../server.ts')
