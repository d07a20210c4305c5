import { createContext, useContext } from 'react'

// The CSP nonce of this response, handed from server.ts through the load context to every inline script.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
