// Message catalogues of the apps that use react-intl (the storefront, the back office): every
// message id written in an app's sources and in the design system it renders (ui/, @vela/ui),
// with its default message, which is the en_US text. Other locales translate that catalogue.
// Each app has a small script naming its sources and its catalogue file (storefront/scripts/,
// backoffice/scripts/extract-messages.mjs), and a test that the catalogue is up to date.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryDir = join(dirname(fileURLToPath(import.meta.url)), '..');

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
 * The catalogue of an app's sources, sorted by id, and the ids used with different default
 * messages (each such id would show one of its texts in the wrong place).
 */
export function extractCatalogue(dirs) {
  const seen = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(dir)).sort()) {
    const where = relative(repositoryDir, file);
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

/**
 * The command line of an app's extraction script: rewrites `catalogueFile` from `sourceDirs`, or
 * with `--check` exits 1 when it is out of date.
 */
export function runExtraction({ catalogueFile, sourceDirs, command }) {
  const { catalogue, conflicts } = extractCatalogue(sourceDirs);
  for (const conflict of conflicts)
    console.error(`Message id ${conflict.id} has different default messages:`, conflict.messages);
  const text = formatCatalogue(catalogue);
  const name = relative(process.cwd(), catalogueFile);
  if (process.argv.includes('--check')) {
    const current = readFileSync(catalogueFile, 'utf8');
    if (current !== text) console.error(`${name} is out of date: run ${command}`);
    process.exitCode = current !== text || conflicts.length > 0 ? 1 : 0;
  } else {
    writeFileSync(catalogueFile, text);
    console.log(`${Object.keys(catalogue).length} messages written to ${name}`);
    if (conflicts.length > 0) process.exitCode = 1;
  }
}
