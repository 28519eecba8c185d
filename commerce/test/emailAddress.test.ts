import { describe, expect, it } from 'vitest';
import { isValidEmail } from '../src/kernel/emailAddress';
// The table the other two copies of the rule run too (tooling/emailRule.test.ts keeps them identical).
import CASES from '../../tooling/emailAddressCases.json';

describe('isValidEmail (the server decides)', () => {
  it.each(CASES.valid)('accepts %j', (address) => expect(isValidEmail(address)).toBe(true));
  it.each(CASES.invalid)('refuses %j', (address) => expect(isValidEmail(address)).toBe(false));
});
