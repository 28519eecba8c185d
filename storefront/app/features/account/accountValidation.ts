import type { MessageDescriptor } from 'react-intl';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { accountMessages } from './accountMessages';
import { checkPassword, type PasswordRules } from './passwordRules';
import { looksLikeEmailAddress } from '../../shared/emailAddress';

export type FormErrors<Field extends string> = Partial<Record<Field, MessageDescriptor | string>>;

export function emailProblem(email: string): MessageDescriptor | undefined {
  if (email.trim() === '') return fieldMessages.required;
  if (!looksLikeEmailAddress(email)) return accountMessages.emailInvalid;
  return undefined;
}

function required(value: string): MessageDescriptor | undefined {
  return value.trim() === '' ? fieldMessages.required : undefined;
}

function compact<Field extends string>(
  errors: Record<Field, MessageDescriptor | string | undefined>,
): FormErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, value]) => value !== undefined)) as FormErrors<Field>;
}

export function newPasswordProblem(password: string, rules: PasswordRules): MessageDescriptor | undefined {
  if (password === '') return fieldMessages.required;
  return checkPassword(password, rules).valid ? undefined : accountMessages.passwordWeak;
}

export function validateSignIn(values: { email: string; password: string }): FormErrors<'email' | 'password'> {
  return compact({
    email: emailProblem(values.email),
    password: values.password === '' ? fieldMessages.required : undefined,
  });
}

export interface CreateAccountValues {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirm: string;
}

export function validateCreateAccount(
  values: CreateAccountValues,
  rules: PasswordRules,
): FormErrors<keyof CreateAccountValues> {
  return compact({
    firstname: required(values.firstname),
    lastname: required(values.lastname),
    email: emailProblem(values.email),
    password: newPasswordProblem(values.password, rules),
    confirm:
      values.confirm === ''
        ? fieldMessages.required
        : values.confirm !== values.password
          ? accountMessages.passwordMismatch
          : undefined,
  });
}

export function validateNewPassword(
  values: { password: string; confirm: string },
  rules: PasswordRules,
): FormErrors<'password' | 'confirm'> {
  return compact({
    password: newPasswordProblem(values.password, rules),
    confirm:
      values.confirm === ''
        ? fieldMessages.required
        : values.confirm !== values.password
          ? accountMessages.passwordMismatch
          : undefined,
  });
}

/** Which field a server message is about, so it can be shown next to it. */
export function fieldOfServerError(message: string): 'email' | 'password' | 'currentPassword' | null {
  if (/already (an account|exists)|e-?mail/i.test(message)) return 'email';
  if (/invalid login or password|password you typed|current (customer )?password|invalid password/i.test(message))
    return 'currentPassword';
  if (/password/i.test(message)) return 'password';
  return null;
}
