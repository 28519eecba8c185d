import { inputError } from '../errors';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { decodeNumericUid } from '../../kernel/uids';

export const FILTERABLE_ATTRIBUTES = ['color', 'size', 'material', 'pattern', 'activity'] as const;

interface EqualInput {
  eq?: string | null;
  in?: readonly (string | null)[] | null;
}
interface MatchInput {
  match?: string | null;
  match_type?: string | null;
}
interface RangeInput {
  from?: string | null;
  to?: string | null;
}

export interface ProductFilterInput {
  category_id?: EqualInput | null;
  category_uid?: EqualInput | null;
  category_url_path?: EqualInput | null;
  sku?: EqualInput | null;
  url_key?: EqualInput | null;
  name?: MatchInput | null;
  description?: MatchInput | null;
  short_description?: MatchInput | null;
  price?: RangeInput | null;
  [attribute: string]: EqualInput | MatchInput | RangeInput | null | undefined;
}

/** Filters in the shape the SQL builder needs: ids resolved, money in minor units. */
export interface ProductFilters {
  categoryIds: number[] | null;
  skus: string[] | null;
  urlKeys: string[] | null;
  text: Array<{ column: 'name' | 'description' | 'short_description'; value: string }>;
  price: { from: number | null; to: number | null } | null;
  attributes: Map<string, number[]>;
}

function equalValues(input: EqualInput | null | undefined): string[] | null {
  if (!input) return null;
  const values: string[] = [];
  if (input.eq !== undefined && input.eq !== null) values.push(input.eq);
  for (const value of input.in ?? []) if (value !== null) values.push(value);
  return input.eq === undefined && input.in === undefined ? null : values;
}

function money(value: string | null | undefined, bound: 'from' | 'to'): number | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  // Plain decimal numbers only: "1e3", "0x10" or "abc" would filter on something nobody typed.
  if (!/^\s*\d{1,9}(?:\.\d{1,4})?\s*$/.test(value))
    throw inputError(
      `The price filter's "${bound}" must be a number such as 25 or 19.99; got "${value.slice(0, 40)}".`,
    );
  return Math.round(Number(value) * 100);
}

export async function resolveProductFilters(
  db: Kysely<Database>,
  input: ProductFilterInput | null | undefined,
): Promise<ProductFilters> {
  const filters: ProductFilters = {
    categoryIds: null,
    skus: null,
    urlKeys: null,
    text: [],
    price: null,
    attributes: new Map(),
  };
  if (!input) return filters;

  const categorySets: number[][] = [];
  const ids = equalValues(input.category_id);
  if (ids) categorySets.push(ids.map(Number).filter(Number.isInteger));
  const uids = equalValues(input.category_uid);
  if (uids) categorySets.push(uids.map(decodeNumericUid).filter((id): id is number => id !== null));
  const paths = equalValues(input.category_url_path);
  if (paths) {
    const rows = paths.length
      ? await db.selectFrom('category').select('id').where('url_path', 'in', paths).execute()
      : [];
    categorySets.push(rows.map((r) => r.id));
  }
  if (categorySets.length > 0) {
    // Several category conditions must all hold: keep the ids they agree on.
    filters.categoryIds = categorySets.reduce((acc, set) => acc.filter((id) => set.includes(id)));
  }

  filters.skus = equalValues(input.sku);
  filters.urlKeys = equalValues(input.url_key);
  for (const column of ['name', 'description', 'short_description'] as const) {
    const match = input[column]?.match;
    if (match && match.trim() !== '') filters.text.push({ column, value: match.trim() });
  }
  if (input.price) {
    const from = money(input.price.from, 'from');
    const to = money(input.price.to, 'to');
    if (from !== null || to !== null) filters.price = { from, to };
  }
  for (const code of FILTERABLE_ATTRIBUTES) {
    const values = equalValues(input[code] as EqualInput | null | undefined);
    if (values) filters.attributes.set(code, values.map(Number).filter(Number.isInteger));
  }
  return filters;
}

export function hasAnyFilter(filters: ProductFilters): boolean {
  return (
    filters.categoryIds !== null ||
    filters.skus !== null ||
    filters.urlKeys !== null ||
    filters.text.length > 0 ||
    filters.price !== null ||
    filters.attributes.size > 0
  );
}
