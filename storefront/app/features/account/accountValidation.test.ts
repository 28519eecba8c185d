import { describe, expect, it } from 'vitest';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { accountMessages } from './accountMessages';
import { fieldOfServerError, validateCreateAccount, validateSignIn } from './accountValidation';

const rules = { minLength: 8, requiredClasses: 3 };

describe('account forms', () => {
  it('asks for every required field with the shared message', () => {
    expect(validateSignIn({ email: ' ', password: '' })).toEqual({
      email: fieldMessages.required,
      password: fieldMessages.required,
    });
    const errors = validateCreateAccount({ firstname: '', lastname: '', email: '', password: '', confirm: '' }, rules);
    expect(Object.values(errors).every((e) => e === fieldMessages.required)).toBe(true);
    expect(Object.keys(errors).sort()).toEqual(['confirm', 'email', 'firstname', 'lastname', 'password']);
  });

  it('checks the e-mail shape, the password rule and the confirmation', () => {
    const errors = validateCreateAccount(
      { firstname: 'Ada', lastname: 'L', email: 'ada@', password: 'weakpass', confirm: 'other' },
      rules,
    );
    expect(errors).toEqual({
      email: accountMessages.emailInvalid,
      password: accountMessages.passwordWeak,
      confirm: accountMessages.passwordMismatch,
    });
    expect(
      validateCreateAccount(
        { firstname: 'Ada', lastname: 'L', email: 'ada@example.com', password: 'Secret12', confirm: 'Secret12' },
        rules,
      ),
    ).toEqual({});
  });

  it('puts server messages next to the field they are about', () => {
    expect(fieldOfServerError('A customer with the same email address already exists in an associated website.')).toBe(
      'email',
    );
    expect(fieldOfServerError('Invalid login or password.')).toBe('currentPassword');
    expect(fieldOfServerError('Minimum of different classes of characters in password is 3.')).toBe('password');
    expect(fieldOfServerError('Something else')).toBeNull();
  });
});
