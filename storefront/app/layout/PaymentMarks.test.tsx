import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { WaysToPay } from '../features/store/waysToPay';
import { PaymentMarks } from './PaymentMarks';

function marks(ways: WaysToPay | undefined): string[] {
  render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <PaymentMarks ways={ways} />
    </IntlProvider>,
  );
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

afterEach(cleanup);

describe('PaymentMarks', () => {
  it('names the card brands in words when a card gateway is on', () => {
    expect(marks({ checkMo: true, cards: true })).toEqual([
      'Cards: Visa, Mastercard, American Express, Discover',
      'Bank transfer',
      'Cash on delivery',
      'Check / money order',
    ]);
  });

  it('lists no cards while no gateway takes them, and no check when the shop switched it off', () => {
    expect(marks({ checkMo: false, cards: false })).toEqual(['Bank transfer', 'Cash on delivery']);
  });

  it('without the backend’s answers (an error page), lists the offline methods', () => {
    expect(marks(undefined)).toEqual(['Bank transfer', 'Cash on delivery', 'Check / money order']);
  });
});
