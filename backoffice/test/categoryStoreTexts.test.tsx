// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryStoreTexts } from '../src/pages/categories/CategoryStoreTexts';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: Record<string, string | null> = { name: null, description: null, metaTitle: null, metaDescription: null };

describe('texts per store view on the category page', () => {
  it('keeps the texts left at their default value null, in French too', async () => {
    const sent = fakeApi(
      {
        StoreViewChoices: () => ({
          data: { storeViews: { stores: [{ id: '2', name: 'Vela France', active: true, isDefault: false }] } },
        }),
        CategoryStoreTexts: () => ({
          data: { categoryStoreTexts: { defaults: { ...none, name: 'New in' }, own: none } },
        }),
        SaveCategoryStoreTexts: (v) => ({ data: { saveCategoryStoreTexts: { own: v.texts } } }),
      },
      'STAFF',
    );
    renderPage(<CategoryStoreTexts id="7" />, { french: true });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Vue de magasin' }), { target: { value: '2' } });
    const form = await screen.findByRole('form', { name: 'Enregistrer les textes pour Vela France' });
    expect((within(form).getByRole('textbox', { name: 'Nom' }) as HTMLInputElement).value).toBe('New in');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Nom\u00a0: utiliser la valeur par défaut' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nom' }), { target: { value: 'Nouveautés' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les textes pour Vela France' }));
    await waitFor(() => expect(sent.mutations()).toHaveLength(1));
    expect(sent.mutations()[0]?.variables).toEqual({ id: '7', storeId: '2', texts: { ...none, name: 'Nouveautés' } });
    expect(await screen.findByText('Les textes pour Vela France sont enregistrés.')).toBeTruthy();
  });
});
