import type { MessageDescriptor } from 'react-intl';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { checkoutMessages } from './checkoutMessages';
import { looksLikeEmailAddress } from '../../shared/emailAddress';

/** Client checks give descriptors (formatted at render); server messages arrive as text. */
export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor | string>>;

// The address syntax browsers use for type=email, minus the oddities no shop accepts.

export function validateEmail(email: string): MessageDescriptor | undefined {
  if (email.trim() === '') return fieldMessages.required;
  if (!looksLikeEmailAddress(email)) return checkoutMessages.emailInvalid;
  return undefined;
}
