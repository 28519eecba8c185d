// Magento's additional_attributes cell, read as Magento's importer reads it
// (CatalogImportExport's Product::parseAdditionalAttributes): `code=value` pairs separated by
// commas, in one of two spellings.
//
// - Wrapped (Magento's "fields enclosure" export): every value in double quotes, a quote inside
//   doubled: `text="a, b",json="{""k"": 1}"`. A multi-select's values are each wrapped and joined
//   by `|`: `colors="Red"|"Blue"`.
// - Plain: a comma starts a new pair only when what follows holds `=`; otherwise it belongs to the
//   value before, so `note=a, b, c` and JSON or HTML with commas stay one value. A multi-select's
//   values are joined by `|`.
//
// A file does not say which spelling it uses (Magento's import form has a checkbox for it); a
// cell made of wrapped pairs only, end to end, is read as wrapped.

export interface AttributeCellValue {
  /** The value as one text (a text or yes/no attribute's value). */
  text: string;
  /** The value as a multi-select's labels (one label for a single-select). */
  labels: string[];
  /** Wrapped values joined by `|` ("A"|"B"): certainly a multi-select's. */
  multiSelect: boolean;
}

/** Attributes Magento computes itself and writes into its export; its importer does not set them. */
export const COMPUTED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'has_options',
  'required_options',
  'quantity_and_stock_status',
]);

// Magento's pattern, with an empty value allowed (`code=""`, which Magento skips and so do we).
const WRAPPED_PAIR = /([a-zA-Z0-9_]+)="((?:[^"]|""|"\|")*)"+/g;

function wrappedPairs(raw: string): [string, string][] | null {
  if (!/^[a-zA-Z0-9_]+="/.test(raw)) return null;
  const pairs: [string, string][] = [];
  let end = 0;
  for (const match of raw.matchAll(WRAPPED_PAIR)) {
    const between = raw.slice(end, match.index);
    // Pairs follow each other, a comma between them: anything else means the cell is plain.
    if (between !== (pairs.length === 0 ? '' : ',')) return null;
    pairs.push([match[1] ?? '', match[2] ?? '']);
    end = match.index + match[0].length;
  }
  return pairs.length > 0 && end === raw.length ? pairs : null;
}

function wrappedValue(inner: string): AttributeCellValue {
  const text = inner.replace(/""/g, '"');
  // Several wrapped values: "Red"|"Blue" arrives here as Red"|"Blue.
  if (!inner.includes('"|"')) return { text, labels: [text], multiSelect: false };
  const labels = [...`"${inner}"`.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"'));
  return { text, labels, multiSelect: true };
}

function plainPairs(raw: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of raw.split(',')) {
    const equals = part.indexOf('=');
    const last = pairs[pairs.length - 1];
    if (equals < 0) {
      if (last) last[1] += `,${part}`;
      continue;
    }
    pairs.push([part.slice(0, equals), part.slice(equals + 1)]);
  }
  return pairs;
}

/**
 * The pairs of a cell, by lower-cased attribute code, in the cell's order; a code named twice
 * keeps its last value, as in Magento. Codes are not checked here.
 */
export function readAdditionalAttributes(raw: string): Map<string, AttributeCellValue> {
  const values = new Map<string, AttributeCellValue>();
  const wrapped = wrappedPairs(raw);
  if (wrapped) {
    for (const [code, inner] of wrapped) values.set(code.toLowerCase(), wrappedValue(inner));
    return values;
  }
  for (const [code, value] of plainPairs(raw)) {
    values.set(code.trim().toLowerCase(), {
      text: value,
      labels: value.split('|'),
      multiSelect: false,
    });
  }
  return values;
}
