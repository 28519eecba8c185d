// The front door of domains/auth: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { LOCKOUT_FAILURES, UNLOCKED, afterFailedSignIn, isLocked, type LockState } from './accountLockoutService';
export { withCartAccessChecks } from './cartAccessGuard';
export {
  issueCustomerToken,
  pruneExpiredTokens,
  revokeAllCustomerTokens,
  revokeCustomerToken,
  tokenLifetimeHours,
} from './customerTokenService';
export { NOT_AUTHORIZED, cartAccessDenied, createRequestAuth, type RequestAuth } from './requestAuthService';
