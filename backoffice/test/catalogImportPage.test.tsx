// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogImportPage } from '../src/pages/CatalogImportPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MB = 1024 * 1024;

const job = (status: 'RUNNING' | 'FINISHED') => ({
  id: 'job-1',
  fileName: 'products.csv',
  status,
  dryRun: false,
  rowsDone: status === 'FINISHED' ? 3 : 0,
  rowsTotal: 3,
  progress: status === 'FINISHED' ? 1 : 0,
  error: null,
  report:
    status === 'FINISHED'
      ? {
          created: 3,
          updated: 0,
          unchanged: 0,
          rejected: [],
          droppedColumns: [
            { column: 'tax_class_name', rows: 3, reason: 'Tax classes are not imported.' },
            { column: 'msrp', rows: 2, reason: 'Not a column this shop keeps.' },
          ],
        }
      : null,
});

function api(more = {}) {
  return fakeApi({ CatalogImportLimits: () => ({ data: { catalogImportLimits: { maxUploadBytes: MB } } }), ...more });
}

const choose = (label: RegExp, files: File[]) => fireEvent.change(screen.getByLabelText(label), { target: { files } });

describe('the catalog import page', () => {
  it('names the upload limit and refuses a larger file without sending it', async () => {
    const sent = api();
    renderPage(<CatalogImportPage />);
    expect(await screen.findByText(/Up to 1 MB per import, the file and its images together\./)).toBeTruthy();
    choose(/CSV file/, [new File([new Uint8Array(MB - 10)], 'products.csv', { type: 'text/csv' })]);
    choose(/Images/, [new File([new Uint8Array(20)], 'shirt.jpg', { type: 'image/jpeg' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const field = screen.getByLabelText(/CSV file/);
    expect(
      await screen.findByText('The file and its images are larger than 1 MB, the most one import takes.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    // Screen readers hear the error with the field it describes.
    expect(field.getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(sent.mutations()).toHaveLength(0);
  });

  it('shows the columns an import left out, in a table and in the status line', async () => {
    const sent = api({
      StartCatalogImport: () => ({ data: { startCatalogImport: job('RUNNING') } }),
      CatalogImportJob: () => ({ data: { catalogImport: job('FINISHED') } }),
    });
    renderPage(<CatalogImportPage />);
    await screen.findByText(/Up to 1 MB/);
    choose(/CSV file/, [new File(['sku,name\n'], 'products.csv', { type: 'text/csv' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const table = await screen.findByRole('table', { name: /Columns not imported \(2\)/ }, { timeout: 3000 });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      [],
      ['tax_class_name', '3', 'Tax classes are not imported.'],
      ['msrp', '2', 'Not a column this shop keeps.'],
    ]);
    const status = screen.getByText('Import finished: 3 rows; 2 columns were not imported (see the report).');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.getByText('Every row imported, without the columns above.')).toBeTruthy();
    expect(
      await screen.findByText('The import is finished, without some of the file’s columns: see the report.'),
    ).toBeTruthy();
    expect(sent.mutations().map((s) => s.operationName)).toEqual(['StartCatalogImport']);
    expect(sent.sent.find((s) => s.operationName === 'StartCatalogImport')?.query).toContain('droppedColumns');
  });
});
