// <email-rule> One rule for the storefront, the back office and the server: three copies (no
// module can be imported by all three), kept identical by tooling/emailRule.test.ts. Pragmatic
// rather than RFC 5322-complete: one @, no spaces, a dotted domain whose last label has at least
// two characters (no top-level domain has one, so `a@b.c` is a typo), at most 254 characters
// (RFC 5321) and no control characters.
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function isEmailAddress(value: string): boolean {
  // Bounded before trimming: trimming a megabyte of spaces is work an attacker chooses.
  if (value.length > 1024) return false;
  const trimmed = value.trim();
  return trimmed.length <= 254 && !CONTROL_CHARACTERS.test(trimmed) && EMAIL_ADDRESS.test(trimmed);
}
// </email-rule>

export const isValidEmail = isEmailAddress;

/** Accounts are keyed by the lower-cased address: Ada@Example.com and ada@example.com are one customer. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
