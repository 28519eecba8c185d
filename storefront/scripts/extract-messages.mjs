#!/usr/bin/env node
// Writes app/i18n/en_US.json: every message id used in app/**/*.{ts,tsx} and in the design
// system the shop renders (ui/, @vela/ui) with its default message, which is the en_US text.
// Other locales translate this catalogue.
//   node scripts/extract-messages.mjs          (from storefront/) rewrites the catalogue
//   node scripts/extract-messages.mjs --check  exits 1 when the catalogue is out of date
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const storefrontDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const catalogueFile = join(storefrontDir, 'app/i18n/en_US.json');
/** The sources whose texts the shop shows: its app, and the design system's own labels. */
export const sourceDirs = [join(storefrontDir, 'app'), join(storefrontDir, '../ui')];

// A JS string literal in any quote style; template literals only without substitutions.
const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\$]|\\\\.)*`';
// `{ id: '…', defaultMessage: '…' }` (either order, other keys between) as passed to
// formatMessage or defineMessages.
const OBJECT_ID_FIRST = new RegExp(
  String.raw`\bid\s*:\s*(${STRING})\s*,[^{}]*?\bdefaultMessage\s*:\s*(${STRING})`,
  'g',
);
const OBJECT_MESSAGE_FIRST = new RegExp(
  String.raw`\bdefaultMessage\s*:\s*(${STRING})\s*,[^{}]*?\bid\s*:\s*(${STRING})`,
  'g',
);
// `<FormattedMessage id="…" defaultMessage="…" …/>`, attribute values plain or in braces.
const JSX_ATTRIBUTE = (name) => new RegExp(String.raw`\b${name}=\{?\s*(${STRING})`);
const JSX_TAG = /<FormattedMessage\b/g;

function unquote(literal) {
  const body = literal.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/gs, (_, escape) => {
    if (escape[0] === 'u') return String.fromCodePoint(parseInt(escape.replace(/[u{}]/g, ''), 16));
    if (escape[0] === 'x' && escape.length === 3) return String.fromCharCode(parseInt(escape.slice(1), 16));
    return { n: '\n', t: '\t', r: '\r', '\n': '' }[escape] ?? escape;
  });
}

/** Every `[id, defaultMessage]` descriptor written in one source file, in order of appearance. */
export function extractFromSource(source) {
  const found = [];
  for (const match of source.matchAll(OBJECT_ID_FIRST))
    found.push({ at: match.index, id: unquote(match[1]), message: unquote(match[2]) });
  for (const match of source.matchAll(OBJECT_MESSAGE_FIRST))
    found.push({ at: match.index, id: unquote(match[2]), message: unquote(match[1]) });
  for (const match of source.matchAll(JSX_TAG)) {
    const end = source.indexOf('/>', match.index);
    const tag = source.slice(match.index, end === -1 ? undefined : end);
    const id = tag.match(JSX_ATTRIBUTE('id'));
    const message = tag.match(JSX_ATTRIBUTE('defaultMessage'));
    if (id?.[1] && message?.[1]) found.push({ at: match.index, id: unquote(id[1]), message: unquote(message[1]) });
  }
  return found.sort((a, b) => a.at - b.at).map(({ id, message }) => [id, message]);
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__generated__' || entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The catalogue of the shop's sources, sorted by id, and the ids used with different default
 * messages (each such id would show one of its texts in the wrong place).
 */
export function extractCatalogue(dirs = sourceDirs) {
  const seen = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(dir)).sort()) {
    const where = relative(join(storefrontDir, '..'), file);
    for (const [id, message] of extractFromSource(readFileSync(file, 'utf8'))) {
      const uses = seen.get(id) ?? new Map();
      uses.set(message, [...(uses.get(message) ?? []), where]);
      seen.set(id, uses);
    }
  }
  const catalogue = {};
  const conflicts = [];
  for (const id of [...seen.keys()].sort()) {
    const uses = seen.get(id);
    catalogue[id] = uses.keys().next().value;
    if (uses.size > 1) conflicts.push({ id, messages: Object.fromEntries(uses) });
  }
  return { catalogue, conflicts };
}

export function formatCatalogue(catalogue) {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { catalogue, conflicts } = extractCatalogue();
  for (const conflict of conflicts)
    console.error(`Message id ${conflict.id} has different default messages:`, conflict.messages);
  const text = formatCatalogue(catalogue);
  if (process.argv.includes('--check')) {
    const current = readFileSync(catalogueFile, 'utf8');
    if (current !== text) console.error('app/i18n/en_US.json is out of date: run node scripts/extract-messages.mjs');
    process.exitCode = current !== text || conflicts.length > 0 ? 1 : 0;
  } else {
    writeFileSync(catalogueFile, text);
    console.log(`${Object.keys(catalogue).length} messages written to ${relative(process.cwd(), catalogueFile)}`);
    if (conflicts.length > 0) process.exitCode = 1;
  }
}
