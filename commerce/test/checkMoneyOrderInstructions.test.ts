import { describe, expect, it } from 'vitest';
import { checkMoneyOrderInstructions } from '../src/domains/payment';

describe('checkMoneyOrderInstructions', () => {
  const settings = {
    check_money_order_make_check_payable_to: ' Vela Demo Shop ',
    check_money_order_send_check_to: 'Vela Demo Shop\r\nAttn: Accounts\n\n1 Harbour Street',
  };

  it('tells whom to pay and where to send the check, line by line', () => {
    expect(checkMoneyOrderInstructions('checkmo', settings)).toEqual({
      payableTo: 'Vela Demo Shop',
      sendTo: ['Vela Demo Shop', 'Attn: Accounts', '1 Harbour Street'],
    });
  });

  it('says nothing for other methods or when the shop has set nothing', () => {
    expect(checkMoneyOrderInstructions('banktransfer', settings)).toBeNull();
    expect(checkMoneyOrderInstructions('checkmo', { check_money_order_make_check_payable_to: '  ' })).toBeNull();
  });
});
