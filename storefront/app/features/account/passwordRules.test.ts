import { describe, expect, it } from 'vitest';
import { characterClasses, checkPassword, passwordRulesFrom } from './passwordRules';

describe('password rules', () => {
  it("follows Magento's default: 8 characters from 3 of 4 classes", () => {
    expect(checkPassword('Secret12').valid).toBe(true);
    expect(checkPassword('secret12').valid).toBe(false);
    expect(checkPassword('secret1!').valid).toBe(true);
    expect(checkPassword('Sec12!').longEnough).toBe(false);
    expect(checkPassword('Sec12!').enoughClasses).toBe(true);
  });

  it('counts letters outside ASCII and treats spaces as no class', () => {
    expect([...characterClasses('Éa1 ')].sort()).toEqual(['digit', 'lower', 'upper']);
    expect(characterClasses('ß€').has('special')).toBe(true);
  });

  it('refuses leading or trailing spaces', () => {
    expect(checkPassword(' Secret12').valid).toBe(false);
  });

  it("takes the shop's configuration when it is sensible", () => {
    expect(passwordRulesFrom({ minimum_password_length: '12', required_character_classes_number: '2' })).toEqual({
      minLength: 12,
      requiredClasses: 2,
    });
    expect(passwordRulesFrom({ minimum_password_length: 'x', required_character_classes_number: '9' })).toEqual({
      minLength: 8,
      requiredClasses: 3,
    });
    expect(checkPassword('abcdefghij12', { minLength: 12, requiredClasses: 2 }).valid).toBe(true);
  });
});
