import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, IntlProvider } from 'react-intl';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, loadMessages, messagesFor, toLanguageTag } from './locale';

// Intl's French groups thousands with a narrow no-break space.
const NNBSP = '\u202f';

/** The text rendered under the provider root.tsx sets up for a store locale. */
function renderIn(magentoLocale: string, children: ReactNode) {
  render(
    <IntlProvider locale={toLanguageTag(magentoLocale)} messages={messagesFor(magentoLocale)} defaultLocale="en-US">
      <p data-testid="out">{children}</p>
    </IntlProvider>,
  );
  const text = screen.getByTestId('out').textContent;
  cleanup();
  return text;
}

describe('messages follow the store locale', () => {
  beforeAll(() => loadMessages('fr_FR'));

  it('formats a date in French inside a French message', () => {
    const meta = (magentoLocale: string) =>
      renderIn(
        magentoLocale,
        <FormattedMessage
          id="account.order.meta"
          defaultMessage="Placed on {date} · {status}"
          values={{ date: <FormattedDate value={new Date(2025, 6, 14, 12)} dateStyle="long" />, status: 'Processing' }}
        />,
      );
    expect(meta('fr_FR')).toBe('Passée le 14 juillet 2025 · Processing');
    expect(meta('en_US')).toBe('Placed on July 14, 2025 · Processing');
  });

  it('uses French plural rules: 0 and 1 are singular', () => {
    const count = (value: number) =>
      renderIn('fr_FR', <FormattedMessage id="cart.page.count" defaultMessage="…" values={{ count: value }} />);
    expect([0, 1, 2, 1500].map(count)).toEqual(['0 article', '1 article', '2 articles', `1${NNBSP}500 articles`]);
  });

  it('keeps the explicit zero case of a French plural', () => {
    const trigger = (value: number) =>
      renderIn('fr_FR', <FormattedMessage id="cart.mini.trigger" defaultMessage="…" values={{ count: value }} />);
    expect([0, 1, 3].map(trigger)).toEqual(['Panier', 'Panier, 1 article', 'Panier, 3 articles']);
  });
});

describe('loadMessages', () => {
  it('lists fr_FR next to en_US and falls back to en_US for a locale without a catalogue', async () => {
    expect(SUPPORTED_LOCALES).toEqual(['en_US', 'fr_FR']);
    await loadMessages('de_DE');
    expect(messagesFor('de_DE')).toBe(messagesFor('en_US'));
    expect(messagesFor('fr_FR')['ui.field.required']).toBe('Ce champ est obligatoire');
  });
});
