// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchSynonymsPage } from '../src/pages/SearchSynonymsPage';
import { splitWords } from '../src/pages/searchSynonyms/SynonymGroupForm';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const groups = [
  { id: '1', storeCode: null, words: ['hoodie', 'hoody', 'sweatshirt'] },
  { id: '2', storeCode: 'fr', words: ['sweat', 'pull'] },
];
const stores = [
  { code: 'default', name: 'Vela' },
  { code: 'fr', name: 'Vela France' },
];
const list = (v: Record<string, unknown>) => ({
  data: {
    searchSynonymGroups: v.storeCode === 'fr' ? groups : groups.filter((g) => g.storeCode === null),
    storeViews: { stores },
  },
});

describe('the search synonyms page', () => {
  it('lists the groups with where they apply, and per store view', async () => {
    const api = fakeApi({ AdminSearchSynonymGroups: list }, 'STAFF');
    renderPage(<SearchSynonymsPage />);
    const table = await screen.findByRole('table', { name: 'Synonym groups' });
    expect(within(table).getByRole('rowheader', { name: 'hoodie, hoody, sweatshirt' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'All store views' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Store view' }), { target: { value: 'fr' } });
    expect(await screen.findByRole('rowheader', { name: 'sweat, pull' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Vela France' })).toBeTruthy();
    expect(api.sent.at(-1)?.variables).toEqual({ storeCode: 'fr' });
  });

  it('adds a group for one store view, refusing fewer than two words without asking the server', async () => {
    const api = fakeApi(
      {
        AdminSearchSynonymGroups: list,
        SaveSearchSynonymGroup: (v) => ({
          data: { saveSearchSynonymGroup: { id: '3', storeCode: v.storeCode, words: v.words } },
        }),
      },
      'STAFF',
    );
    renderPage(<SearchSynonymsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a synonym group' }));
    const words = screen.getByRole('textbox', { name: /Words, separated by commas/ });
    fireEvent.change(words, { target: { value: 'jumper, Jumper ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the group' }));
    expect(await screen.findByText('Enter at least two different words.')).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);
    fireEvent.change(words, { target: { value: 'jumper, sweater,  ,knit' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Applies in' }), { target: { value: 'fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the group' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ id: null, storeCode: 'fr', words: ['jumper', 'sweater', 'knit'] });
    expect(await screen.findByText('The group jumper, sweater, knit is saved.')).toBeTruthy();
  });

  it('edits a group and deletes one after confirming', async () => {
    const api = fakeApi(
      {
        AdminSearchSynonymGroups: list,
        SaveSearchSynonymGroup: (v) => ({
          data: { saveSearchSynonymGroup: { id: v.id, storeCode: v.storeCode, words: v.words } },
        }),
        DeleteSearchSynonymGroup: (v) => ({ data: { deleteSearchSynonymGroup: v.id } }),
      },
      'STAFF',
    );
    renderPage(<SearchSynonymsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the group hoodie, hoody, sweatshirt' }));
    const words = screen.getByRole('textbox', { name: /Words, separated by commas/ });
    expect((words as HTMLInputElement).value).toBe('hoodie, hoody, sweatshirt');
    fireEvent.change(words, { target: { value: 'hoodie, hoody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the group' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ id: '1', storeCode: null, words: ['hoodie', 'hoody'] });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete the group hoodie, hoody, sweatshirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the group hoodie, hoody, sweatshirt?' });
    expect(api.mutations()).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(2));
    expect(api.mutations()[1]?.variables).toEqual({ id: '1' });
  });

  it('shows a viewer the groups without the buttons', async () => {
    fakeApi({ AdminSearchSynonymGroups: list }, 'VIEWER');
    renderPage(<SearchSynonymsPage />);
    expect(await screen.findByRole('rowheader', { name: 'hoodie, hoody, sweatshirt' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add|Edit|Delete/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});

describe('splitWords', () => {
  it('splits at commas, trims and drops empty and repeated words', () => {
    expect(splitWords(' Hoodie ,hoody,, HOODIE, sweat shirt ')).toEqual(['Hoodie', 'hoody', 'sweat shirt']);
  });
});
