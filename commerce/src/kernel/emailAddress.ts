// Pragmatic rather than RFC 5322-complete, like the checkout's check: one @, no spaces, a dotted domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Accounts are keyed by the lower-cased address: Ada@Example.com and ada@example.com are one customer. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email.trim());
}
