import { AmazonClient } from '#jobs/amazon/client.ts'
import { memoryThrottle } from '#jobs/amazon/throttle.ts'
import { STAND_IN_CREDENTIALS, type AmazonStandIn } from './amazon-stand-in.ts'

// A Creators API client pointed at the stand-in, unthrottled and with short backoffs (the throttle's spacing
// has tests of its own). Import it after the test has set its environment: the client reads the logger's.

export type ClientOptions = Partial<ConstructorParameters<typeof AmazonClient>[0]>

export function standInClient(standIn: AmazonStandIn, options: ClientOptions = {}): AmazonClient {
  return new AmazonClient({
    credentialId: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_ID,
    credentialSecret: STAND_IN_CREDENTIALS.AMAZON_CREDENTIAL_SECRET,
    version: '3.1',
    partnerTag: STAND_IN_CREDENTIALS.AMAZON_PARTNER_TAG,
    apiUrl: standIn.env.AMAZON_API_URL,
    tokenUrl: standIn.env.AMAZON_TOKEN_URL,
    throttle: memoryThrottle(0),
    backoffMs: 5,
    ...options,
  })
}
