import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext<string | undefined>(undefined);

/** Set by entry.server only: the browser never learns the nonce from the app (it needs none). */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce || undefined}>{children}</NonceContext.Provider>;
}

/** This response's CSP nonce while rendering on the server; undefined in the browser. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
