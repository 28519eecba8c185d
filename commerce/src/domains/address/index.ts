// The front door of domains/address: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { parseStoredAddress, validateCartAddress, type CartAddressInput, type StoredAddress } from './addressService';
