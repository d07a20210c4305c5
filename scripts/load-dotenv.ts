import { existsSync } from 'node:fs'

// Imported first by every entry point: a local .env fills in what the real environment leaves unset.
if (existsSync('.env')) process.loadEnvFile('.env')
