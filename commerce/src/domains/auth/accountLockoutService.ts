import type { CustomerTable } from '../../db/tables';

// Magento's customer/password/lockout_failures (10) and lockout_threshold (10 minutes), with its
// bookkeeping: failures count from the first one; reaching the limit locks the account until
// lock_expires; the first failure after a lock expired, or more than lockout_threshold after the
// first failure, starts a new count.

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 10;

export type LockState = Pick<CustomerTable, 'failures_num' | 'first_failure' | 'lock_expires'>;

export function isLocked(customer: LockState, now: Date): boolean {
  return customer.lock_expires !== null && Date.parse(customer.lock_expires) > now.getTime();
}

export function afterFailedSignIn(customer: LockState, now: Date): LockState {
  const lockExpired = customer.lock_expires !== null && Date.parse(customer.lock_expires) <= now.getTime();
  const failures = customer.failures_num + 1;
  const countExpired =
    customer.first_failure !== null && Date.parse(customer.first_failure) + LOCKOUT_MINUTES * 60_000 <= now.getTime();
  if (failures === 1 || customer.first_failure === null || lockExpired || countExpired) {
    return { failures_num: 1, first_failure: now.toISOString(), lock_expires: null };
  }
  return {
    failures_num: failures,
    first_failure: customer.first_failure,
    lock_expires:
      failures >= LOCKOUT_FAILURES
        ? new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString()
        : customer.lock_expires,
  };
}

export const UNLOCKED: LockState = { failures_num: 0, first_failure: null, lock_expires: null };
