import { describe, expect, it } from 'vitest';
import { looksLikeEmailAddress } from './emailAddress';
// The table the back office's and the server's copies of the rule run too.
import cases from '../../../tooling/emailAddressCases.json';

describe('looksLikeEmailAddress', () => {
  it('accepts ordinary addresses, with surrounding spaces trimmed', () => {
    expect(looksLikeEmailAddress('ann@example.com')).toBe(true);
    expect(looksLikeEmailAddress('  ann.lee+shop@mail.example.co.uk ')).toBe(true);
  });

  it('refuses what cannot be an address', () => {
    for (const value of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann@example.c',
      'a nn@example.com',
      'ann@@example.com',
    ]) {
      expect(looksLikeEmailAddress(value)).toBe(false);
    }
  });

  it.each(cases.valid)('accepts %j, as the server does', (address) =>
    expect(looksLikeEmailAddress(address)).toBe(true),
  );
  it.each(cases.invalid)('refuses %j, as the server does', (address) =>
    expect(looksLikeEmailAddress(address)).toBe(false),
  );
});
