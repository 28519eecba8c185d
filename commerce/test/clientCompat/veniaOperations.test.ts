// Venia's own operations, as its published packages send them (venia/venia-<version>.operations.json,
// made by scripts/extract-venia-operations.mjs from @magento/venia-concept 14.5.1 and the
// versions of venia-ui, peregrine and pagebuilder it depends on). Every operation a Magento Open
// Source shop with the PWA metapackage answers must validate against our schema too; the
// operations that need something else are named below, each with the reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildOurSchema, buildReferenceSchema } from '../schemaSources';

interface VeniaOperation {
  name: string;
  kind: string;
  package: string;
  file: string;
  edition: 'ce' | 'ee' | 'any';
  document: string;
}

const data = JSON.parse(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'venia/venia-14.5.1.operations.json'), 'utf8'),
) as { sources: Record<string, string>; operations: VeniaOperation[] };

const ours = buildOurSchema();
const magento = buildReferenceSchema();
const label = (op: VeniaOperation) => `${op.name} (${op.package}/${op.file})`;

/** Operations that need more than Magento Open Source with the PWA metapackage, by why. */
const NOT_OPEN_SOURCE: ReadonlyArray<readonly [reason: string, names: readonly string[]]> = [
  [
    "Adobe Commerce's gift cards",
    ['applyGiftCardToCart', 'getAppliedGiftCards', 'getGiftCardBalance', 'removeGiftCard'],
  ],
  [
    "Adobe Commerce's gift wrapping options (gift receipt, printed card)",
    ['GetGiftOptions', 'SetGiftOptionsOnCart', 'GetStoreConfigForGiftOptions'],
  ],
  [
    "Adobe Commerce's multiple wish lists",
    [
      'GetStoreConfigForCarouselAC',
      'GetWishlistConfigForCartPageAC',
      'GetStoreConfigDataForGalleryAC',
      'GetWishlistConfigForProductAC',
      'GetWishlistConfigForWishlistPageAC',
      'createWishlist',
      'addProductToWishlist',
      'getWishlistsDialogData',
      'getMultipleWishlistsEnabled',
      'UpdateWishlist',
    ],
  ],
  ["Adobe Commerce's dynamic blocks", ['GetCmsDynamicBlocks']],
];

/** Open Source operations our schema does not answer yet, by why. */
const NOT_YET: ReadonlyArray<readonly [reason: string, names: readonly string[]]> = [];

const openSource = data.operations.filter(
  (op) => op.edition !== 'ee' && validate(magento, parse(op.document)).length === 0,
);
const commerceOnly = data.operations.filter((op) => !openSource.includes(op));

describe(`Venia ${data.sources['@magento/venia-concept']}'s operations`, () => {
  it('come from the published packages, whole', () => {
    expect(data.sources).toMatchObject({ '@magento/venia-concept': '14.5.1' });
    expect(data.operations.length).toBeGreaterThan(150);
    expect(openSource.length).toBeGreaterThan(150);
  });

  it('that Magento Open Source does not answer are exactly the named ones', () => {
    const named = new Set(NOT_OPEN_SOURCE.flatMap(([, names]) => names));
    expect([...new Set(commerceOnly.map((op) => op.name))].sort()).toEqual([...named].sort());
  });

  it('for Magento Open Source all validate against our schema, but the named ones', () => {
    const notYet = new Set(NOT_YET.flatMap(([, names]) => names));
    const failing = openSource
      .map((op) => ({ op, errors: validate(ours, parse(op.document)) }))
      .filter(({ errors }) => errors.length > 0);
    const unexplained = failing
      .filter(({ op }) => !notYet.has(op.name))
      .map(({ op, errors }) => `${label(op)}: ${errors.map((e) => e.message).join(' | ')}`);
    expect(unexplained).toEqual([]);
    // A name that validates now goes from the list.
    expect([...notYet].filter((name) => !failing.some(({ op }) => op.name === name))).toEqual([]);
  });
});
