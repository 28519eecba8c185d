// The front door of domains/staff: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createPasswordChangeService } from './passwordChangeService';
export { createSecondFactorService } from './secondFactorService';
export { clientOrNull, recordStaffFailure, type FailureRecord } from './staffSecurityLog';
export {
  countStaff,
  createStaffMember,
  listStaff,
  setStaffActive,
  setStaffRole,
  type NewStaffMember,
} from './staffService';
export { createStaffSessionService, signInStep, type StaffSession } from './staffSessionService';
export { completeStaffPasswordReset, startStaffPasswordReset, type StaffResetLink } from './staffPasswordResetService';
