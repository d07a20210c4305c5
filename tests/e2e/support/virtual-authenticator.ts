import type { Page } from '@playwright/test'

/** Chromium's virtual platform authenticator: holds discoverable credentials and verifies its user, answering at once. */
export async function addVirtualAuthenticator(page: Page) {
  const client = await page.context().newCDPSession(page)
  await client.send('WebAuthn.enable')
  const { authenticatorId } = await client.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await client.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    // The device forgets its passkeys, so it can make another for the same account (the site lists the ones it has).
    forget: () => client.send('WebAuthn.clearCredentials', { authenticatorId }),
  }
}
