import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../src/kernel/passwordHash';

describe('password hashing', () => {
  it('salts every hash, verifies the right password only, and keeps its parameters in the string', async () => {
    const a = await hashPassword('Correct-Horse-9');
    const b = await hashPassword('Correct-Horse-9');
    expect(a).not.toBe(b);
    expect(a.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('Correct-Horse-9', a)).toBe(true);
    expect(await verifyPassword('Correct-Horse-8', a)).toBe(false);
    expect(await verifyPassword('Correct-Horse-9', 'garbage')).toBe(false);
  });

  it('verifies hashes made with older, weaker parameters and reports that they need upgrading', async () => {
    const old = await hashPassword('Correct-Horse-9', { N: 2 ** 14, r: 8, p: 1 });
    expect(await verifyPassword('Correct-Horse-9', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });
});
