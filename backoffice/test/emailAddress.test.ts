import { describe, expect, it } from 'vitest';
import { looksLikeEmailAddress } from '../src/common/emailAddress';
// The table the other two copies of the rule run too (tooling/emailRule.test.ts keeps them identical).
import CASES from '../../tooling/emailAddressCases.json';

describe('looksLikeEmailAddress', () => {
  it.each(CASES.valid)('accepts %j', (address) => expect(looksLikeEmailAddress(address)).toBe(true));
  it.each(CASES.invalid)('refuses %j', (address) => expect(looksLikeEmailAddress(address)).toBe(false));
});
