import { startAmazonStandIn } from './amazon-stand-in.ts'

// npm run amazon:stub: the Creators API stand-in on AMAZON_STUB_PORT (default 4010), for demos. Start the
// app with the printed variables and import any ASIN starting with B0.
const standIn = await startAmazonStandIn({ port: Number(process.env.AMAZON_STUB_PORT ?? 4010) })
console.log(`Amazon Creators API stand-in on ${standIn.url}. Run the app with:\n`)
for (const [name, value] of Object.entries(standIn.env)) console.log(`${name}=${value}`)
console.log('\nASINs starting with B0 are known; any other is answered as invalid.')
const stop = () => void standIn.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
