import { createContext, useContext } from 'react';

// The server allows inline scripts only with this response's nonce (Content-Security-Policy).
// React Router's own scripts get it from <ServerRouter nonce>; our inline scripts read it here.
// In the browser it is undefined: scripts added after load are not inline.
const CspNonceContext = createContext<string | undefined>(undefined);

export const CspNonceProvider = CspNonceContext.Provider;

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
