import { describe, expect, it } from 'vitest';
import { offlinePaymentInstructions, paymentAdditionalData } from '../src/domains/payment';

describe('offlinePaymentInstructions', () => {
  const settings = {
    check_money_order_make_check_payable_to: ' Vela Demo Shop ',
    check_money_order_send_check_to: 'Vela Demo Shop\r\nAttn: Accounts\n\n1 Harbour Street',
    'payment/banktransfer/instructions': 'IBAN DE89 3704 0044 0532 0130 00\n\nReference: your order number ',
    'payment/cashondelivery/instructions': 'Please have the exact amount ready.',
  };

  it('tells whom to pay and where to send the check, line by line', () => {
    expect(offlinePaymentInstructions('checkmo', settings)).toEqual({
      payableTo: 'Vela Demo Shop',
      sendTo: ['Vela Demo Shop', 'Attn: Accounts', '1 Harbour Street'],
      instructions: [],
    });
  });

  it('gives the bank-transfer and cash-on-delivery instructions of the store view, line by line', () => {
    expect(offlinePaymentInstructions('banktransfer', settings)?.instructions).toEqual([
      'IBAN DE89 3704 0044 0532 0130 00',
      'Reference: your order number',
    ]);
    expect(offlinePaymentInstructions('cashondelivery', settings)?.instructions).toEqual([
      'Please have the exact amount ready.',
    ]);
  });

  it('says nothing for other methods or when the shop has set nothing', () => {
    expect(offlinePaymentInstructions('stripe_payments', settings)).toBeNull();
    expect(offlinePaymentInstructions('checkmo', { check_money_order_make_check_payable_to: '  ' })).toBeNull();
    expect(offlinePaymentInstructions('banktransfer', { 'payment/banktransfer/instructions': ' \n ' })).toBeNull();
  });

  it("names them as Magento's payment additional information does", () => {
    expect(paymentAdditionalData(offlinePaymentInstructions('checkmo', settings))).toEqual([
      { name: 'payable_to', value: 'Vela Demo Shop' },
      { name: 'mailing_address', value: 'Vela Demo Shop\nAttn: Accounts\n1 Harbour Street' },
    ]);
    expect(paymentAdditionalData(offlinePaymentInstructions('banktransfer', settings))).toEqual([
      { name: 'instructions', value: 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number' },
    ]);
    expect(paymentAdditionalData(null)).toEqual([]);
  });
});
