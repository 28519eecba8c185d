// What the storefront accepts as an e-mail address before asking the server, which decides.
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function looksLikeEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value.trim());
}
