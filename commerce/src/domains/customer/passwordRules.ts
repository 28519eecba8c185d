import { inputError } from '../errors';

// Magento's defaults: customer/password/minimum_password_length = 8 and
// required_character_classes_number = 3, with its messages.

export const MIN_PASSWORD_LENGTH = 8;
export const REQUIRED_CHARACTER_CLASSES = 3;

const CLASSES = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/];

export function assertPasswordAllowed(password: string, email?: string | null): void {
  if (password !== password.trim())
    throw inputError("The password can't begin or end with a space. Verify the password and try again.");
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw inputError(
      `The password needs at least ${MIN_PASSWORD_LENGTH} characters. Create a new password and try again.`,
    );
  }
  if (CLASSES.filter((c) => c.test(password)).length < REQUIRED_CHARACTER_CLASSES) {
    throw inputError(
      `Minimum of different classes of characters in password is ${REQUIRED_CHARACTER_CLASSES}. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.`,
    );
  }
  if (email && password.toLowerCase() === email.trim().toLowerCase()) {
    throw inputError("The password can't be the same as the email address. Create a new password and try again.");
  }
}
