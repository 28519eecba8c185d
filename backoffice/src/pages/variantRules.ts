// The variant form's rules, shared by the new configurable product form and the add-a-variant
// form: what a typed amount or stock means, and the SKU a variant gets when none is typed.

/** An amount as typed ("29.50" or "29,50"), or null when it is not one (or negative). */
export function parseAmount(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** A whole number of items, 0 or more, or null. */
export function parseStock(value: string): number | null {
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The product's SKU and the option values, as the catalog's SKUs are written: KESTREL-TEE-BLUE-M. */
export function variantSku(parentSku: string, values: readonly string[]): string {
  const parts = values
    .map((value) =>
      value
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^A-Za-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .toUpperCase(),
    )
    .filter(Boolean);
  return [parentSku.trim(), ...parts].join('-').slice(0, 64);
}

/** Every combination of one value per attribute, in the attributes' order. */
export function combinations(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((combo) => list.map((value) => [...combo, value])), [[]]);
}

/** "S, M, L" → ["S", "M", "L"]: trimmed, empty ones dropped, each value once (case-insensitively). */
export function valueList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => {
      const key = v.toLowerCase();
      if (v === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
