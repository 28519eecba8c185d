import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { multiLineText, singleLineText } from '../../kernel/inputRules';
import { readStoreConfigValues } from '../../kernel/storeConfig';
import { inputError } from '../errors';

// Magento Open Source's gift messages: a note from someone to someone, on the whole order
// (sales/gift_options/allow_order) or on an order line (allow_items). Both are off unless the
// shop turns them on, as in Magento. A cart line takes its message through updateCartItems and
// only while messages on lines are allowed (Magento ignores it otherwise); the order keeps what
// the cart had. Stored as JSON `{ to, from, message }`.

export interface GiftMessage {
  to: string;
  from: string;
  message: string;
}

const MAX_NAME = 255;
const MAX_MESSAGE = 1000;

/** Whether the shop allows gift messages on the order and on its lines (settings `allow_order`, `allow_items`). */
export async function giftMessagesAllowed(db: Kysely<Database>): Promise<{ order: boolean; items: boolean }> {
  const values = await readStoreConfigValues(db, ['allow_order', 'allow_items']);
  return { order: values.allow_order === '1', items: values.allow_items === '1' };
}

/** A message as sent (GiftMessageInput), checked and stored; refuses what it cannot store, changing nothing. */
export function storedGiftMessage(input: GiftMessage): string {
  const to = singleLineText('gift_message.to', input.to, MAX_NAME);
  const from = singleLineText('gift_message.from', input.from, MAX_NAME);
  const message = multiLineText('gift_message.message', input.message, MAX_MESSAGE);
  if (to === null || from === null || message === null)
    throw inputError('A gift message needs "to", "from" and "message".');
  return JSON.stringify({ to, from, message } satisfies GiftMessage);
}

/** The stored message for the API; null without one. */
export function giftMessageView(stored: string | null | undefined): GiftMessage | null {
  if (!stored) return null;
  const parsed = JSON.parse(stored) as Partial<GiftMessage>;
  return { to: parsed.to ?? '', from: parsed.from ?? '', message: parsed.message ?? '' };
}
