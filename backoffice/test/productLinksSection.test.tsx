// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductLinksSection } from '../src/pages/products/ProductLinksSection';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (linkType: string, sku: string, position: number) => ({
  linkType,
  position,
  sku,
  name: `Name of ${sku}`,
  enabled: true,
});

describe('the product links section', () => {
  it('moves, removes and adds (found by name) links of one type, saving the whole list in order', async () => {
    const api = fakeApi({
      AdminProductLinks: () => ({ data: { productLinks: [link('related', 'A', 1), link('related', 'B', 2)] } }),
      SetProductLinks: (v) => ({
        data: { setProductLinks: (v.skus as string[]).map((sku, i) => link(v.linkType as string, sku, i + 1)) },
      }),
      AdminLinkCandidates: () => ({
        data: {
          products: {
            items: [
              { sku: 'A', name: 'Name of A', enabled: true },
              { sku: 'C', name: 'Name of C', enabled: true },
            ],
          },
        },
      }),
    });
    renderPage(<ProductLinksSection sku="MAIN" readOnly={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Name of B up' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ sku: 'MAIN', linkType: 'related', skus: ['B', 'A'] });

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Name of A' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(2));
    expect(api.mutations()[1]?.variables).toMatchObject({ skus: ['B'] });

    const crossSells = screen.getByRole('group', { name: 'Cross-sells' });
    fireEvent.change(within(crossSells).getByRole('searchbox', { name: 'Find a product to add (sku or name)' }), {
      target: { value: 'name' },
    });
    // Products already linked in this list (none here) and the product itself are not offered.
    fireEvent.click(await within(crossSells).findByRole('button', { name: /Add Name of C/ }));
    await waitFor(() => expect(api.mutations()).toHaveLength(3));
    expect(api.mutations()[2]?.variables).toEqual({ sku: 'MAIN', linkType: 'crosssell', skus: ['C'] });
  });

  it('shows a viewer the links without the buttons that change them', async () => {
    fakeApi({ AdminProductLinks: () => ({ data: { productLinks: [link('upsell', 'A', 1)] } }) }, 'VIEWER');
    renderPage(<ProductLinksSection sku="MAIN" readOnly />);
    expect(await screen.findByText('Name of A')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
