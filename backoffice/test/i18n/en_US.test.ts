import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueFile, extractCatalogue, formatCatalogue } from '../../scripts/extract-messages.mjs';

describe('the back office en_US catalogue', () => {
  const { catalogue, conflicts } = extractCatalogue();

  it('holds exactly the messages the back office and @vela/ui use (run `node scripts/extract-messages.mjs` in backoffice/ to update it)', () => {
    const current: Record<string, string> = JSON.parse(readFileSync(catalogueFile, 'utf8'));
    expect(
      Object.keys(catalogue).filter((id) => !(id in current)),
      'used in code, missing from en_US.json',
    ).toEqual([]);
    expect(
      Object.keys(current).filter((id) => !(id in catalogue)),
      'in en_US.json, used nowhere',
    ).toEqual([]);
    expect(readFileSync(catalogueFile, 'utf8')).toBe(formatCatalogue(catalogue));
  });

  it('gives every id one default message', () => {
    expect(conflicts).toEqual([]);
  });

  it('carries the design system’s labels, which back-office pages show too', () => {
    expect(Object.keys(catalogue)).toEqual(expect.arrayContaining(['ui.spinner.loading', 'ui.toast.dismiss']));
  });

  it('names its messages backoffice.* (and ui.* for the design system’s)', () => {
    expect(Object.keys(catalogue).filter((id) => !/^(backoffice|bo|ui)\./.test(id))).toEqual([]);
  });
});
