// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportsPage } from '../src/pages/ReportsPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stores = [
  { id: '1', name: 'Vela' },
  { id: '2', name: 'Vela France' },
];
const sales = {
  kind: 'SALES',
  columns: [
    { key: 'period', kind: 'TEXT' },
    { key: 'orders', kind: 'COUNT' },
    { key: 'revenue', kind: 'MONEY' },
  ],
  rows: [
    ['2026-11-09', '2', '6150'],
    ['2026-11-10', '1', '9875'],
  ],
  totals: ['', '3', '16025'],
  baseCurrency: 'USD',
  timeZone: 'America/New_York',
  totalCount: 2,
  page: 1,
  totalPages: 1,
};
const lowStock = {
  ...sales,
  kind: 'LOW_STOCK',
  columns: [
    { key: 'sku', kind: 'TEXT' },
    { key: 'quantity', kind: 'COUNT' },
  ],
  rows: [['MUG-1', '2']],
  totals: null,
  totalCount: 1,
};
const answer = (v: Record<string, unknown>) => {
  const input = v.input as { kind: string };
  return {
    data: { report: input.kind === 'LOW_STOCK' ? lowStock : sales, lowStockThreshold: 5, storeViews: { stores } },
  };
};

describe('the reports page', () => {
  it('shows the sales of the chosen days with their totals, money in the base currency, and links the same CSV', async () => {
    const api = fakeApi({ Report: answer }, 'VIEWER');
    renderPage(<ReportsPage />, { path: '/?from=2026-11-09&to=2026-11-16&period=WEEK&store=1' });
    const table = await screen.findByRole('table', { name: 'Sales, 2026-11-09 to 2026-11-16' });
    const day = within(table).getByRole('rowheader', { name: '2026-11-10' }).closest('tr')!;
    expect(within(day).getByRole('cell', { name: '$98.75' })).toBeTruthy();
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(within(total).getByRole('cell', { name: '$160.25' })).toBeTruthy();
    expect(screen.getByText(/America\/New_York/)).toBeTruthy();
    expect(api.sent.at(-1)?.variables).toMatchObject({
      input: { kind: 'SALES', from: '2026-11-09', to: '2026-11-16', period: 'WEEK', storeViewId: '1' },
    });
    const link = screen.getByRole('link', { name: 'Download as CSV' });
    expect(link.getAttribute('href')).toBe(
      '/admin/export/report.csv?kind=sales&from=2026-11-09&to=2026-11-16&period=week&storeViewId=1',
    );
    // A viewer reads; there is no threshold to change here.
    expect(screen.queryByRole('button', { name: 'Save the threshold' })).toBeNull();
  });

  it('refuses an end before the start without asking the server', async () => {
    const api = fakeApi({ Report: answer }, 'STAFF');
    renderPage(<ReportsPage />, { path: '/?from=2026-11-09&to=2026-11-16' });
    await screen.findByRole('table');
    const asked = api.sent.length;
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the report' }));
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(api.sent.length).toBe(asked);
  });

  it('lets an owner set the low-stock threshold', async () => {
    const api = fakeApi(
      { Report: answer, SetLowStockThreshold: (v) => ({ data: { setLowStockThreshold: v.threshold } }) },
      'OWNER',
    );
    renderPage(<ReportsPage />, { path: '/?kind=LOW_STOCK' });
    await screen.findByRole('table', { name: 'Low stock: 5 units or fewer' });
    fireEvent.change(screen.getByRole('textbox', { name: /Low stock at or below/ }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the threshold' }));
    await waitFor(() => expect(api.mutations().at(-1)?.variables).toEqual({ threshold: 3 }));
  });

  it('reads in French', async () => {
    fakeApi({ Report: answer }, 'VIEWER');
    renderPage(<ReportsPage />, { path: '/?from=2026-11-09&to=2026-11-16', french: true });
    expect(await screen.findByRole('table', { name: 'Ventes, du 2026-11-09 au 2026-11-16' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Télécharger en CSV' })).toBeTruthy();
  });
});
