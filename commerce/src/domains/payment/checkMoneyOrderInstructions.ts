// Whom a check is made out to and where it goes: Magento's "Make check payable to" and "Send check
// to" settings of the Check / Money order method, read from a store view's settings (its own
// values, else the shop's) under Magento's storeConfig names.

export interface CheckMoneyOrderInstructions {
  payableTo: string | null;
  /** The postal address, one line per line. */
  sendTo: string[];
}

export const CHECK_PAYABLE_TO_KEY = 'check_money_order_make_check_payable_to';
export const CHECK_SEND_TO_KEY = 'check_money_order_send_check_to';

/**
 * What a shopper who pays with `paymentCode` must be told, or null when the method needs no
 * instructions or the shop has set none.
 */
export function checkMoneyOrderInstructions(
  paymentCode: string,
  settings: Readonly<Record<string, string | undefined>>,
): CheckMoneyOrderInstructions | null {
  if (paymentCode !== 'checkmo') return null;
  const payableTo = settings[CHECK_PAYABLE_TO_KEY]?.trim() || null;
  const sendTo = (settings[CHECK_SEND_TO_KEY] ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return payableTo || sendTo.length > 0 ? { payableTo, sendTo } : null;
}
