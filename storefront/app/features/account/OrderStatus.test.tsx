import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import fr from '../../i18n/fr_FR.json';
import { OrderStatus } from './OrderStatus';

afterEach(cleanup);

function shown(order: { state: string | null; status: string | null }, locale: 'en' | 'fr' = 'en'): string {
  const { container } = render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? fr : {}}>
      <OrderStatus state={order.state} status={order.status} />
    </IntlProvider>,
  );
  return container.textContent ?? '';
}

// The API answers `status` as a label in the store view's language (Magento's getStatusLabel) and
// `state` as a code: the account words come from the state.
describe('OrderStatus', () => {
  it("reads the state's code in the shopper's language, whatever label the backend gives", () => {
    expect(shown({ state: 'new', status: 'Pending' })).toBe('Pending');
    expect(shown({ state: 'complete', status: 'Complete' })).toBe('Shipped');
    expect(shown({ state: 'closed', status: 'Closed' })).toBe('Refunded');
    expect(shown({ state: 'new', status: 'En attente' }, 'fr')).toBe('En attente');
    expect(shown({ state: 'complete', status: 'Terminée' }, 'fr')).toBe('Expédiée');
    expect(shown({ state: 'processing', status: 'En cours de traitement' }, 'fr')).toBe('En préparation');
  });

  it("shows the backend's label for a state it has no words of its own for", () => {
    expect(shown({ state: 'payment_review', status: 'Vérification du paiement' }, 'fr')).toBe(
      'Vérification du paiement',
    );
    expect(shown({ state: 'holded', status: 'On Hold' })).toBe('On Hold');
  });
});
