// The condition builder's model: a rule's cart conditions as one list of readable rows joined
// by "all" or "any", and the items its discount applies to as one match. These convert to and
// from the JSON tree the server keeps (commerce/src/domains/promotions/ruleConditions.ts), which
// checks it again. A tree the rows cannot show (nested groups, written through the API) is kept
// as it is and shown as JSON instead.

export type NumberOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';
export const NUMBER_OPERATORS: readonly NumberOperator[] = ['gte', 'gt', 'eq', 'neq', 'lte', 'lt'];

export type MatchBy = 'sku' | 'category' | 'attribute';

/** Items whose SKU, category or attribute option is (or is not) one of the values. */
export interface ItemMatch {
  by: MatchBy;
  negate: boolean;
  /** The attribute's code (color, size); only for 'attribute'. */
  code: string;
  /** Comma-separated: SKUs, category ids or option ids. */
  values: string;
}

export type RowKind = 'subtotal' | 'total_qty' | 'shipping_country' | 'matching_qty' | 'items_found';

export interface ConditionRow {
  kind: RowKind;
  operator: NumberOperator;
  /** A number (money in major units for the subtotal), or comma-separated country codes. */
  value: string;
  negate: boolean;
  /** For matching_qty and items_found: which items. */
  match: ItemMatch;
}

export interface ConditionDraft {
  aggregator: 'all' | 'any';
  rows: ConditionRow[];
}

export const emptyMatch = (): ItemMatch => ({ by: 'sku', negate: false, code: '', values: '' });
export const newRow = (kind: RowKind = 'subtotal'): ConditionRow => ({
  kind,
  operator: 'gte',
  value: '',
  negate: false,
  match: emptyMatch(),
});

type Node = Record<string, unknown>;

function list(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** A value the server will refuse stays as typed (NaN → null → its message names the place). */
function numberOf(text: string): number | string {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

export function matchTree(match: ItemMatch): Node {
  const operator = match.negate ? 'not_in' : 'in';
  if (match.by === 'sku') return { type: 'sku', operator, value: list(match.values) };
  const ids = list(match.values).map(numberOf);
  if (match.by === 'category') return { type: 'category', operator, value: ids };
  return { type: 'attribute', code: match.code.trim(), operator, value: ids };
}

function rowTree(row: ConditionRow, minorPerUnit: number): Node {
  switch (row.kind) {
    case 'subtotal': {
      const amount = numberOf(row.value);
      return {
        type: 'subtotal',
        operator: row.operator,
        value: typeof amount === 'number' ? Math.round(amount * minorPerUnit) : amount,
      };
    }
    case 'total_qty':
      return { type: 'total_qty', operator: row.operator, value: numberOf(row.value) };
    case 'shipping_country':
      return {
        type: 'shipping_country',
        operator: row.negate ? 'not_in' : 'in',
        value: list(row.value).map((c) => c.toUpperCase()),
      };
    case 'matching_qty':
      return {
        type: 'items_subselect',
        attribute: 'qty',
        operator: row.operator,
        value: numberOf(row.value),
        condition: matchTree(row.match),
      };
    case 'items_found':
      return { type: row.negate ? 'items_not_found' : 'items_found', condition: matchTree(row.match) };
  }
}

/** The JSON text the API takes; '' when there are no rows (every cart qualifies). */
export function conditionsJson(draft: ConditionDraft, minorPerUnit: number): string {
  if (draft.rows.length === 0) return '';
  return JSON.stringify({ type: draft.aggregator, conditions: draft.rows.map((r) => rowTree(r, minorPerUnit)) });
}

export function actionJson(match: ItemMatch | null): string {
  return match === null ? '' : JSON.stringify(matchTree(match));
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const isOperator = (v: unknown): v is NumberOperator => NUMBER_OPERATORS.includes(v as NumberOperator);

export function matchOf(node: unknown): ItemMatch | null {
  if (!isNode(node) || !Array.isArray(node.value)) return null;
  const negate = node.operator === 'not_in';
  if (!negate && node.operator !== 'in') return null;
  const values = node.value.map(String).join(', ');
  if (node.type === 'sku' || node.type === 'category') return { by: node.type, negate, code: '', values };
  if (node.type === 'attribute' && typeof node.code === 'string')
    return { by: 'attribute', negate, code: node.code, values };
  return null;
}

function rowOf(node: unknown, minorPerUnit: number): ConditionRow | null {
  if (!isNode(node)) return null;
  const base = newRow();
  switch (node.type) {
    case 'subtotal':
    case 'total_qty':
      if (!isOperator(node.operator) || typeof node.value !== 'number') return null;
      return {
        ...base,
        kind: node.type,
        operator: node.operator,
        value: String(node.type === 'subtotal' ? node.value / minorPerUnit : node.value),
      };
    case 'shipping_country':
      if (!Array.isArray(node.value)) return null;
      return { ...base, kind: 'shipping_country', negate: node.operator === 'not_in', value: node.value.join(', ') };
    case 'items_subselect': {
      const match = matchOf(node.condition);
      if (!match || node.attribute !== 'qty' || !isOperator(node.operator) || typeof node.value !== 'number')
        return null;
      return { ...base, kind: 'matching_qty', operator: node.operator, value: String(node.value), match };
    }
    case 'items_found':
    case 'items_not_found': {
      const match = matchOf(node.condition);
      return match ? { ...base, kind: 'items_found', negate: node.type === 'items_not_found', match } : null;
    }
    default:
      return null;
  }
}

/** The rows of a stored tree; null when the rows cannot show it (then it is edited as JSON). */
export function draftOfConditions(json: string | null | undefined, minorPerUnit: number): ConditionDraft | null {
  if (!json) return { aggregator: 'all', rows: [] };
  let tree: unknown;
  try {
    tree = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isNode(tree) || (tree.type !== 'all' && tree.type !== 'any') || !Array.isArray(tree.conditions)) {
    const single = rowOf(tree, minorPerUnit);
    return single ? { aggregator: 'all', rows: [single] } : null;
  }
  const rows = tree.conditions.map((c) => rowOf(c, minorPerUnit));
  if (rows.some((r) => r === null)) return null;
  return { aggregator: tree.type, rows: rows as ConditionRow[] };
}
