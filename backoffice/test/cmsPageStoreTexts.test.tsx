// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CmsPageStoreTexts } from '../src/pages/content/CmsPageStoreTexts';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none: Record<string, string | null> = {
  title: null,
  contentHeading: null,
  content: null,
  metaTitle: null,
  metaDescription: null,
  metaKeywords: null,
};

describe('texts per store view on the CMS page', () => {
  it('sends the French content and leaves the other texts at their default value', async () => {
    const sent = fakeApi(
      {
        StoreViewChoices: () => ({
          data: { storeViews: { stores: [{ id: '2', name: 'Vela France', active: true, isDefault: false }] } },
        }),
        CmsPageStoreTexts: () => ({
          data: { cmsPageStoreTexts: { defaults: { ...none, title: 'About us', content: '<p>Hi</p>' }, own: none } },
        }),
        SaveCmsPageStoreTexts: (v) => ({ data: { saveCmsPageStoreTexts: { own: v.texts } } }),
      },
      'STAFF',
    );
    renderPage(<CmsPageStoreTexts id="4" />);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Store view' }), { target: { value: '2' } });
    const form = await screen.findByRole('form', { name: 'Save texts for Vela France' });
    const content = within(form).getByRole('textbox', { name: 'Content (HTML)' }) as HTMLTextAreaElement;
    expect(content.value).toBe('<p>Hi</p>');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Content (HTML): use default value' }));
    fireEvent.change(content, { target: { value: '<p>Bonjour</p>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save texts for Vela France' }));
    await waitFor(() => expect(sent.mutations()).toHaveLength(1));
    expect(sent.mutations()[0]?.variables).toEqual({
      id: '4',
      storeId: '2',
      texts: { ...none, content: '<p>Bonjour</p>' },
    });
  });
});
