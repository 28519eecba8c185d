// Pragmatic rather than RFC 5322-complete, like the checkout's check: one @, no spaces, a dotted domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Accounts are keyed by the lower-cased address: Ada@Example.com and ada@example.com are one customer. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** At most 254 characters (RFC 5321), no control characters, and the shape above. */
export function isValidEmail(email: string): boolean {
  if (email.length > 1024) return false;
  const trimmed = email.trim();
  return trimmed.length <= 254 && !/[\u0000-\u001f\u007f]/.test(trimmed) && EMAIL.test(trimmed);
}
