import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import fr from '../../i18n/fr_FR.json';
import { NoSearchResults } from './SearchPageIntro';

afterEach(cleanup);

const categories = [
  { name: 'Women', url: '/women.html' },
  { name: 'Gear', url: '/gear.html' },
];

function renderNone(locale: 'en-US' | 'fr-FR', list = categories) {
  return render(
    <IntlProvider locale={locale} defaultLocale="en-US" messages={locale === 'fr-FR' ? fr : undefined}>
      <MemoryRouter>
        <NoSearchResults term="qqq" categories={list} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('NoSearchResults', () => {
  it('says nothing was found and offers the main categories as a named navigation', () => {
    renderNone('en-US');
    expect(screen.getByText('We found no products for “qqq”.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Popular categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Women', '/women.html'],
      ['Gear', '/gear.html'],
    ]);
  });

  it('speaks French in the French store, and leaves the list out when there are no categories', () => {
    renderNone('fr-FR', []);
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    renderNone('fr-FR');
    expect(screen.getByRole('navigation', { name: 'Catégories populaires' })).toBeTruthy();
  });
});
