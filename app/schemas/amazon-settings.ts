import { z } from 'zod'
import { STORES } from '#app/utils/stores.ts'

// The Amazon section of /admin/settings (docs/decisions/078): a store's Associates tag, the Creators API
// credentials, and "Test the connection". Admins only. Shared by browser and server.

export const CREDENTIAL_VERSIONS = ['2.1', '2.2', '2.3', '3.1', '3.2', '3.3'] as const
export const MARKETPLACES = STORES.map((store) => store.host)

export const INVALID_TAG = 'A tag has letters, digits and hyphens only, such as yoursite-20.'
export const UNKNOWN_STORE = 'Choose one of Amazon’s stores from the list.'
export const INVALID_CREDENTIAL = 'Paste it as Amazon shows it: no spaces, quotes or angle brackets.'
export const INVALID_VERSION = `Choose the version Amazon shows with the credential: ${CREDENTIAL_VERSIONS.join(', ')}.`
export const INVALID_MARKETPLACE = 'Choose one of Amazon’s stores from the list.'
export const setByEnvironment = (name: string) =>
  `This is set by the server’s environment (${name}), which wins over the panel: change it there.`

/** The forms are a few hundred bytes. */
export const AMAZON_SETTINGS_MAX_BODY_BYTES = 4 * 1024

const TAG = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/
// What Amazon's credential IDs and secrets are made of, without spaces or anything markup is made of.
const CREDENTIAL = /^[A-Za-z0-9._~+/=:-]+$/

/** Empty: the store's tag is cleared. */
export const AmazonTagSchema = z.object({
  intent: z.literal('amazon-tag'),
  store: z.string({ message: UNKNOWN_STORE }).refine((code) => STORES.some((store) => store.code === code), {
    message: UNKNOWN_STORE,
  }),
  tag: z.string().trim().max(64, INVALID_TAG).regex(TAG, INVALID_TAG).optional(),
})

const credential = (max: number) => z.string().trim().max(max, INVALID_CREDENTIAL).regex(CREDENTIAL, INVALID_CREDENTIAL)

/** Empty fields clear theirs, but the secret: empty keeps the one stored (it is never shown back to be resent). */
export const AmazonCredentialsSchema = z.object({
  intent: z.literal('amazon-credentials'),
  credentialId: credential(200).optional(),
  credentialSecret: credential(500).optional(),
  version: z.enum(CREDENTIAL_VERSIONS, { message: INVALID_VERSION }).optional(),
  marketplace: z.enum(MARKETPLACES as [string, ...string[]], { message: INVALID_MARKETPLACE }).optional(),
})
export type AmazonCredentialsForm = z.infer<typeof AmazonCredentialsSchema>

export const AmazonConnectionTestSchema = z.object({ intent: z.literal('amazon-test') })

/** The title of a refused write of each intent. */
export const AMAZON_SETTINGS_FAILED = {
  'amazon-tag': 'The tag was not saved',
  'amazon-credentials': 'The credentials were not saved',
  'amazon-test': 'The connection was not tested',
} as const
