import { describe, expect, it } from 'vitest';
import { looksLikeEmailAddress } from './emailAddress';

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
});
