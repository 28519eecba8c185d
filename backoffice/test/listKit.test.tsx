// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import type { Column } from '../src/common/list/DataTable';
import { FilterForm } from '../src/common/list/FilterForm';
import { type ListMessages, type ListPage, ListResults } from '../src/common/list/ListResults';
import { oneOf, useListFilters } from '../src/common/list/useListFilters';

afterEach(cleanup);

interface Fruit {
  id: string;
  name: string;
  stock: number;
}

const columns: Column<Fruit>[] = [
  { key: 'name', header: 'Name', rowHeader: true, cell: (fruit) => fruit.name },
  { key: 'stock', header: 'Stock', numeric: true, cell: (fruit) => fruit.stock },
];

const fruitMessages: ListMessages = {
  loading: { id: 'test.fruits.loading', defaultMessage: 'Loading fruits…' },
  count: { id: 'test.fruits.count', defaultMessage: '{count} fruits' },
  countFiltered: { id: 'test.fruits.countFiltered', defaultMessage: '{count} fruits match “{search}”' },
  none: { id: 'test.fruits.none', defaultMessage: 'No fruit yet.' },
  noneMatch: { id: 'test.fruits.noneMatch', defaultMessage: 'No fruit matches “{search}”.' },
  caption: { id: 'test.fruits.caption', defaultMessage: 'Fruits, page {page} of {totalPages}' },
  pages: { id: 'test.fruits.pages', defaultMessage: 'Fruit pages' },
};

function results(props: Partial<Parameters<typeof ListResults<Fruit>>[0]>) {
  return (
    <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
      <MemoryRouter initialEntries={['/fruits?q=a&page=2']}>
        <ListResults<Fruit>
          list={undefined}
          loading={false}
          error={undefined}
          onRetry={() => undefined}
          messages={fruitMessages}
          columns={columns}
          rowKey={(fruit) => fruit.id}
          {...props}
        />
      </MemoryRouter>
    </IntlProvider>
  );
}

const twoFruits: ListPage<Fruit> = {
  items: [
    { id: '1', name: 'Apple', stock: 3 },
    { id: '2', name: 'Pear', stock: 12 },
  ],
  totalCount: 42,
  page: 2,
  totalPages: 3,
};

describe('ListResults', () => {
  it('says it is loading until the first page comes', () => {
    render(results({ loading: true }));
    // The count line says it, and a spinner shows it.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Loading fruits…');
    expect(document.querySelector('.bo-loading')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows one page as a captioned table with row headers, numbers marked, and labelled paging links', () => {
    render(results({ list: twoFruits }));
    expect(screen.getByRole('status').textContent).toBe('42 fruits');
    const table = screen.getByRole('table', { name: 'Fruits, page 2 of 3' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Stock']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Apple', 'Pear']);
    expect(within(table).getByRole('cell', { name: '12' }).className).toBe('bo-num');
    const pager = screen.getByRole('navigation', { name: 'Fruit pages' });
    // The other filters stay; the page number changes.
    expect(within(pager).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/fruits?q=a');
    expect(within(pager).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/fruits?q=a&page=3');
    expect(pager.textContent).toContain('Page 2 of 3');
  });

  it('says so when the list is empty, with no table', () => {
    render(results({ list: { items: [], totalCount: 0, page: 1, totalPages: 0 } }));
    expect(screen.getByText('No fruit yet.')).toBeTruthy();
    cleanup();
    // While filtered, its own words with the filter's values.
    render(
      results({
        list: { items: [], totalCount: 0, page: 1, totalPages: 0 },
        filtered: true,
        values: { search: 'kiwi' },
      }),
    );
    expect(screen.getByText('No fruit matches “kiwi”.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 fruits match “kiwi”');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the error as an alert with a way to try again', () => {
    const onRetry = vi.fn();
    render(results({ error: { message: 'The server did not answer.' }, onRetry }));
    expect(screen.getByRole('alert').textContent).toContain('The server did not answer.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

const readFilters = (params: URLSearchParams) => ({
  q: params.get('q') ?? '',
  ripe: oneOf(['yes', 'no'] as const, params.get('ripe')),
});

function FruitFilters() {
  const filters = useListFilters(readFilters, ['kind']);
  const location = useLocation();
  return (
    <>
      <FilterForm label="Filter fruits" filtered={filters.filtered} onSubmit={filters.apply} onClear={filters.clear}>
        <Field label="Search" type="search" {...filters.bind('q')} />
        <Select
          label="Ripe"
          placeholder="Any"
          options={[
            { value: 'yes', label: 'Ripe' },
            { value: 'no', label: 'Not ripe' },
          ]}
          {...filters.bind('ripe')}
        />
      </FilterForm>
      <output data-testid="url">{location.search}</output>
      <output data-testid="page">{filters.page}</output>
    </>
  );
}

function renderFilters(path: string) {
  return render(
    <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<FruitFilters />} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('FilterForm and useListFilters', () => {
  it('is a labelled search landmark whose fields start from the address, refusing unknown values', () => {
    renderFilters('/fruits?q=pear&ripe=maybe&page=4');
    const form = screen.getByRole('search', { name: 'Filter fruits' });
    expect((within(form).getByLabelText('Search') as HTMLInputElement).value).toBe('pear');
    expect((within(form).getByLabelText('Ripe') as HTMLSelectElement).value).toBe('');
    expect(screen.getByTestId('page').textContent).toBe('4');
  });

  it('puts the trimmed filters in the address on submit, back on page 1, keeping the list’s kind', () => {
    renderFilters('/fruits?kind=red&page=3');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '  apple ' } });
    fireEvent.change(screen.getByLabelText('Ripe'), { target: { value: 'yes' } });
    // Typing alone changes nothing: the list follows the address.
    expect(screen.getByTestId('url').textContent).toBe('?kind=red&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByTestId('url').textContent).toBe('?kind=red&q=apple&ripe=yes');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('url').textContent).toBe('?kind=red');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });
});
