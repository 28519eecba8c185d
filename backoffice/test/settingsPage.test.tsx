// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '../src/pages/SettingsPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = {
  store: { name: 'Vela', contactEmail: 'shop@example.com' },
  shipping: {
    baseCurrency: 'USD',
    carriers: [
      {
        code: 'flatrate',
        kind: 'FLAT_RATE',
        active: true,
        title: 'Flat Rate',
        methodTitle: 'Fixed',
        price: { value: 5 },
        priceType: 'PER_ORDER',
        freeThreshold: null,
        tableRates: [],
      },
    ],
  },
  taxRates: [{ id: 't1', countryId: 'US', region: null, ratePercent: 7.25, label: 'Sales tax' }],
  paymentMethods: [
    { code: 'checkmo', title: 'Check / money order', active: true },
    { code: 'free', title: 'No payment', active: false },
  ],
  paymentInstructions: {
    checkPayableTo: 'Vela Demo Shop',
    checkSendTo: '1 Harbour Street',
    bankTransfer: '',
    cashOnDelivery: 'Cash or card at the door.',
  },
};

const countries = [{ id: 'US', name: 'United States', regions: [{ id: 'CA', name: 'California' }] }];

function api(role: 'OWNER' | 'STAFF' = 'OWNER', more = {}) {
  return fakeApi(
    {
      Settings: () => ({ data: { settings } }),
      SettingsCountries: () => ({ data: { settingsCountries: countries } }),
      ...more,
    },
    role,
  );
}

const section = async (name: string) => screen.findByRole('region', { name });

describe('the settings page', () => {
  it('checks the store’s e-mail address, then saves the store section', async () => {
    const sent = api('OWNER', {
      UpdateStoreSettings: (v: { input: { name: string; contactEmail: string } }) => ({
        data: { updateStoreSettings: v.input },
      }),
    });
    renderPage(<SettingsPage />);
    const store = await section('Store');
    const email = within(store).getByRole('textbox', { name: /Contact e-mail/ });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(within(store).getByRole('button', { name: 'Save store settings' }));
    expect(await within(store).findByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
    fireEvent.change(email, { target: { value: ' hello@example.com ' } });
    fireEvent.click(within(store).getByRole('button', { name: 'Save store settings' }));
    expect(await screen.findByText('The store settings are saved.')).toBeTruthy();
    expect(sent.mutations()[0]?.variables).toEqual({ input: { name: 'Vela', contactEmail: 'hello@example.com' } });
  });

  it('shows the server’s refusal beside the shipping field it names', async () => {
    const sent = api('OWNER', {
      UpdateShippingSettings: () => ({
        errors: [
          {
            message: 'The price is too high.',
            extensions: { category: 'graphql-input', field: 'carriers.flatrate.price' },
          },
        ],
      }),
    });
    renderPage(<SettingsPage />);
    const shipping = await section('Shipping');
    fireEvent.change(within(shipping).getByRole('textbox', { name: /Price \(USD\)/ }), { target: { value: '7,5' } });
    fireEvent.click(within(shipping).getByRole('button', { name: 'Save shipping settings' }));
    await waitFor(() =>
      expect(
        within(shipping)
          .getByRole('textbox', { name: /Price \(USD\)/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(sent.mutations()[0]?.variables).toEqual({
      carriers: [
        {
          code: 'flatrate',
          active: true,
          title: 'Flat Rate',
          methodTitle: 'Fixed',
          price: 7.5,
          priceType: 'PER_ORDER',
          freeThreshold: null,
          tableRates: null,
        },
      ],
    });
  });

  it('refuses a tax rate over 100 % and adds a row', async () => {
    const sent = api();
    renderPage(<SettingsPage />);
    const tax = await section('Tax');
    fireEvent.change(within(tax).getByRole('textbox', { name: /Rate \(%\)/ }), { target: { value: '120' } });
    fireEvent.click(within(tax).getByRole('button', { name: 'Save tax rates' }));
    expect(await within(tax).findByText('Enter a percentage from 0 to 100, such as 7.25.')).toBeTruthy();
    fireEvent.click(within(tax).getByRole('button', { name: 'Add a tax rate' }));
    expect(within(tax).getAllByRole('group')).toHaveLength(2);
    expect(sent.mutations()).toHaveLength(0);
  });

  it('keeps at least one payment method on', async () => {
    const sent = api();
    renderPage(<SettingsPage />);
    const payment = await section('Payment');
    fireEvent.click(within(payment).getByRole('checkbox', { name: 'Check / money order' }));
    fireEvent.click(within(payment).getByRole('button', { name: 'Save payment methods' }));
    expect(
      await within(payment).findByText(
        'Keep at least one payment method on: without one, shoppers cannot place orders.',
      ),
    ).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
  });

  it('saves what shoppers paying offline are told, and refuses an overlong text before sending', async () => {
    const sent = api('OWNER', {
      UpdatePaymentInstructions: (v: { input: Record<string, string> }) => ({
        data: { updatePaymentInstructions: v.input },
      }),
    });
    renderPage(<SettingsPage />);
    const instructions = await section('How to pay offline');
    const bank = within(instructions).getByRole('textbox', { name: /Bank transfer instructions/ });
    const save = within(instructions).getByRole('button', { name: 'Save payment instructions' });
    fireEvent.change(bank, { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(save);
    expect(await within(instructions).findByText('At most 1000 characters.')).toBeTruthy();
    expect(sent.mutations()).toHaveLength(0);
    fireEvent.change(bank, { target: { value: ' IBAN DE89 3704 0044 0532 0130 00\nReference: your order number\n' } });
    fireEvent.click(save);
    expect(await screen.findByText('The payment instructions are saved.')).toBeTruthy();
    expect(sent.mutations()[0]?.variables).toEqual({
      input: {
        checkPayableTo: 'Vela Demo Shop',
        checkSendTo: '1 Harbour Street',
        bankTransfer: 'IBAN DE89 3704 0044 0532 0130 00\nReference: your order number',
        cashOnDelivery: 'Cash or card at the door.',
      },
    });
  });

  it('lets staff read the settings but not save them', async () => {
    api('STAFF');
    renderPage(<SettingsPage />);
    await section('Store');
    expect(screen.getByText('Only owners change settings; you can read them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Offered at checkout' }) as HTMLInputElement).disabled).toBe(true);
    const cod = screen.getByRole('textbox', { name: /Cash on delivery instructions/ }) as HTMLTextAreaElement;
    expect(cod.value).toBe('Cash or card at the door.');
    expect(cod.readOnly).toBe(true);
  });

  it('shows the card gateways from the server’s environment without a secret, and saves Braintree’s 3-D Secure', async () => {
    const gateways = {
      stripe: { mode: 'TEST', captureLater: true, publishableKey: 'pk_test_123', webhookPath: '/stripe/webhooks' },
      braintree: {
        mode: 'LIVE',
        captureLater: false,
        merchantId: 'vela_merchant',
        publicKey: 'public_123',
        threeDSecureRequired: false,
        webhookPath: '/braintree/webhooks',
      },
    };
    const sent = api('OWNER', {
      Settings: () => ({ data: { settings, cardPaymentSettings: gateways } }),
      UpdateBraintreeSettings: (v: { threeDSecureRequired: boolean }) => ({
        data: {
          updateBraintreeSettings: {
            ...gateways,
            braintree: { ...gateways.braintree, threeDSecureRequired: v.threeDSecureRequired },
          },
        },
      }),
    });
    renderPage(<SettingsPage />);
    const cards = await section('Card payments');
    expect(within(cards).getByText('pk_test_123')).toBeTruthy();
    expect(within(cards).getByText('vela_merchant')).toBeTruthy();
    expect(within(cards).getByText('Live (real money)')).toBeTruthy();
    expect(
      within(cards).getByText('Set in the server’s environment (BRAINTREE_PRIVATE_KEY); never shown'),
    ).toBeTruthy();
    const require3ds = within(cards).getByRole('checkbox', { name: 'Require 3-D Secure for new cards' });
    expect((require3ds as HTMLInputElement).checked).toBe(false);
    fireEvent.click(require3ds);
    fireEvent.click(within(cards).getByRole('button', { name: 'Save Braintree settings' }));
    expect(await screen.findByText('The Braintree settings are saved.')).toBeTruthy();
    expect(sent.mutations().map((m) => [m.operationName, m.variables])).toEqual([
      ['UpdateBraintreeSettings', { threeDSecureRequired: true }],
    ]);
    await waitFor(() => expect((require3ds as HTMLInputElement).checked).toBe(true));
  });

  it('lets staff read the card gateways but not change them', async () => {
    api('STAFF', {
      Settings: () => ({
        data: {
          settings,
          cardPaymentSettings: {
            stripe: null,
            braintree: {
              mode: 'TEST',
              captureLater: true,
              merchantId: 'vela_merchant',
              publicKey: 'public_123',
              threeDSecureRequired: true,
              webhookPath: '/braintree/webhooks',
            },
          },
        },
      }),
    });
    renderPage(<SettingsPage />);
    const cards = await section('Card payments');
    const require3ds = within(cards).getByRole('checkbox', { name: 'Require 3-D Secure for new cards' });
    expect((require3ds as HTMLInputElement).disabled).toBe(true);
    expect(within(cards).queryByRole('button', { name: 'Save Braintree settings' })).toBeNull();
  });
});
