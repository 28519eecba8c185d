#!/usr/bin/env node
// Writes src/i18n/en_US.json: every message id used in src/**/*.{ts,tsx} and in the design system
// the back office renders (ui/, @vela/ui) with its default message, which is the en_US text.
// fr_FR.json translates it. The extraction is the storefront's (scripts/message-catalogue.mjs).
//   node scripts/extract-messages.mjs          (from backoffice/) rewrites the catalogue
//   node scripts/extract-messages.mjs --check  exits 1 when the catalogue is out of date
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractCatalogue as extractFrom, runExtraction } from '../../scripts/message-catalogue.mjs';

export const backofficeDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const catalogueFile = join(backofficeDir, 'src/i18n/en_US.json');
/** The sources whose texts staff see: the back office, and the design system's own labels. */
export const sourceDirs = [join(backofficeDir, 'src'), join(backofficeDir, '../ui')];

export function extractCatalogue() {
  return extractFrom(sourceDirs);
}

export { formatCatalogue } from '../../scripts/message-catalogue.mjs';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  runExtraction({ catalogueFile, sourceDirs, command: 'node scripts/extract-messages.mjs in backoffice/' });
