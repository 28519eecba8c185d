import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorPage } from './ErrorPage';

// ErrorPage reads the root loader's data: present inside the shell, absent when the root failed.
function renderError(status: number, rootData: object | undefined) {
  const router = createMemoryRouter([
    {
      id: 'root',
      path: '/',
      loader: () => rootData ?? null,
      Component: () => <ErrorPage status={status} />,
      hydrateFallbackElement: <p>…</p>,
    },
  ]);
  return render(
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

afterEach(cleanup);

describe('ErrorPage', () => {
  it('offers home and search for a missing page, inside the shell without a second main', async () => {
    renderError(404, { locale: 'en_US', storeConfig: {}, menu: [] });
    expect(await screen.findByRole('heading', { level: 1, name: "We can't find that page" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search the shop' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('stands alone with its own landmark and a retry when the shell could not load', async () => {
    renderError(500, undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says the shopper is offline instead of blaming the shop', async () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderError(500, { locale: 'en_US', storeConfig: {}, menu: [] });
      expect(await screen.findByRole('heading', { level: 1, name: 'You are offline' })).toBeTruthy();
      expect(screen.queryByText('Something went wrong')).toBeNull();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).onLine;
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    }
  });
});
