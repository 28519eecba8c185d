// What a shopper paying offline must be told, from a store view's settings (its own values, else the
// shop's): for Check / Money order whom to make it payable to and where to send it (Magento's
// storeConfig names), for Bank Transfer and Cash On Delivery the shop's free-text instructions
// (Magento's configuration paths payment/<code>/instructions).

export interface OfflinePaymentInstructions {
  payableTo: string | null;
  /** The postal address, one line per line. */
  sendTo: string[];
  /** Bank transfer or cash on delivery: the shop's text, one line per line. */
  instructions: string[];
}

export const CHECK_PAYABLE_TO_KEY = 'check_money_order_make_check_payable_to';
export const CHECK_SEND_TO_KEY = 'check_money_order_send_check_to';

/** The methods whose instructions are free text, and where each keeps it. */
export const INSTRUCTION_METHODS = ['banktransfer', 'cashondelivery'] as const;
export type InstructionMethod = (typeof INSTRUCTION_METHODS)[number];
export const paymentInstructionsKey = (code: InstructionMethod) => `payment/${code}/instructions`;

const isInstructionMethod = (code: string): code is InstructionMethod =>
  (INSTRUCTION_METHODS as readonly string[]).includes(code);

function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * What a shopper who pays with `paymentCode` must be told, or null when the method needs no
 * instructions or the shop has set none.
 */
export function offlinePaymentInstructions(
  paymentCode: string,
  settings: Readonly<Record<string, string | undefined>>,
): OfflinePaymentInstructions | null {
  if (paymentCode === 'checkmo') {
    const payableTo = settings[CHECK_PAYABLE_TO_KEY]?.trim() || null;
    const sendTo = lines(settings[CHECK_SEND_TO_KEY]);
    return payableTo || sendTo.length > 0 ? { payableTo, sendTo, instructions: [] } : null;
  }
  if (isInstructionMethod(paymentCode)) {
    const instructions = lines(settings[paymentInstructionsKey(paymentCode)]);
    return instructions.length > 0 ? { payableTo: null, sendTo: [], instructions } : null;
  }
  return null;
}

/**
 * The same as an order's payment `additional_data`, under the names Magento keeps them in a
 * payment's additional information (`payable_to`, `mailing_address`, `instructions`).
 */
export function paymentAdditionalData(
  instructions: OfflinePaymentInstructions | null,
): Array<{ name: string; value: string }> {
  if (!instructions) return [];
  return [
    ...(instructions.payableTo ? [{ name: 'payable_to', value: instructions.payableTo }] : []),
    ...(instructions.sendTo.length > 0 ? [{ name: 'mailing_address', value: instructions.sendTo.join('\n') }] : []),
    ...(instructions.instructions.length > 0
      ? [{ name: 'instructions', value: instructions.instructions.join('\n') }]
      : []),
  ];
}
