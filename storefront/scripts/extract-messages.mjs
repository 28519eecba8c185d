#!/usr/bin/env node
// Writes app/i18n/en_US.json: every message id used in app/**/*.{ts,tsx} and in the design
// system the shop renders (ui/, @vela/ui) with its default message, which is the en_US text.
// Other locales translate this catalogue. The extraction itself is shared with the back office
// (scripts/message-catalogue.mjs).
//   node scripts/extract-messages.mjs          (from storefront/) rewrites the catalogue
//   node scripts/extract-messages.mjs --check  exits 1 when the catalogue is out of date
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractCatalogue as extractFrom, runExtraction } from '../../scripts/message-catalogue.mjs';

export { extractFromSource, formatCatalogue } from '../../scripts/message-catalogue.mjs';

export const storefrontDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const catalogueFile = join(storefrontDir, 'app/i18n/en_US.json');
/** The sources whose texts the shop shows: its app, and the design system's own labels. */
export const sourceDirs = [join(storefrontDir, 'app'), join(storefrontDir, '../ui')];

export function extractCatalogue(dirs = sourceDirs) {
  return extractFrom(dirs);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runExtraction({ catalogueFile, sourceDirs, command: 'node scripts/extract-messages.mjs' });
