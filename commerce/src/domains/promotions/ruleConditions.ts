import { DomainError } from '../../kernel/domainError';

// The conditions of a cart price rule, as data: a small typed tree stored as JSON in sales_rule
// (Magento's conditions_serialized / actions_serialized, reduced to what the back office offers).
// `parseCartCondition` / `parseItemCondition` are the one way in: they check a value read from
// staff input (or from the database) against this schema and answer a clear message naming the
// place of the first problem, so nothing malformed is ever stored or evaluated.
//
// Cart conditions: all / any of children; subtotal; total quantity; shipping country; whether
// items matching an item condition are in the cart; the quantity (or row total) of those items.
// Item conditions: all / any of children; SKU; category; attribute option; line quantity.
// Money in conditions is in minor units of the base currency.

export type NumberOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';
export type SetOperator = 'in' | 'not_in';

export type ItemCondition =
  | { type: 'all' | 'any'; conditions: ItemCondition[] }
  | { type: 'sku'; operator: SetOperator; value: string[] }
  | { type: 'category'; operator: SetOperator; value: number[] }
  | { type: 'attribute'; code: string; operator: SetOperator; value: number[] }
  | { type: 'qty'; operator: NumberOperator; value: number };

export type CartCondition =
  | { type: 'all' | 'any'; conditions: CartCondition[] }
  | { type: 'subtotal'; operator: NumberOperator; value: number }
  | { type: 'total_qty'; operator: NumberOperator; value: number }
  | { type: 'shipping_country'; operator: SetOperator; value: string[] }
  | { type: 'items_found' | 'items_not_found'; condition: ItemCondition }
  | {
      type: 'items_subselect';
      attribute: 'qty' | 'row_total';
      operator: NumberOperator;
      value: number;
      condition: ItemCondition;
    };

export const NUMBER_OPERATORS: readonly NumberOperator[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'];
export const SET_OPERATORS: readonly SetOperator[] = ['in', 'not_in'];
const MAX_DEPTH = 5;
const MAX_CHILDREN = 50;
const MAX_VALUES = 500;
const MAX_NUMBER = 1_000_000_000_000;

export class ConditionError extends DomainError {
  constructor(field: string, path: string, message: string) {
    // The form's label for the field starts the message, so the back office shows it there.
    const label = field === 'actionConditions' ? 'Discounted products' : 'Conditions';
    super('input', `${label}: ${path ? `${path}: ` : ''}${message}`, { field });
  }
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Walk {
  field: string;
  path: string;
  depth: number;
}

function at(walk: Walk, step: string): Walk {
  return { ...walk, path: walk.path ? `${walk.path}.${step}` : step };
}

function fail(walk: Walk, message: string): never {
  throw new ConditionError(walk.field, walk.path, message);
}

function onlyKeys(walk: Walk, node: Record<string, Json>, allowed: readonly string[]): void {
  const extra = Object.keys(node).find((k) => !allowed.includes(k));
  if (extra !== undefined) fail(walk, `"${extra.slice(0, 30)}" is not a field of a "${String(node.type)}" condition.`);
}

function numberOperator(walk: Walk, value: Json): NumberOperator {
  if (typeof value === 'string' && (NUMBER_OPERATORS as readonly string[]).includes(value))
    return value as NumberOperator;
  return fail(at(walk, 'operator'), `choose one of ${NUMBER_OPERATORS.join(', ')}.`);
}

function setOperator(walk: Walk, value: Json): SetOperator {
  if (value === 'in' || value === 'not_in') return value;
  return fail(at(walk, 'operator'), 'choose "in" or "not_in".');
}

function wholeNumber(walk: Walk, value: Json): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_NUMBER)
    return fail(walk, 'enter a whole number, 0 or more.');
  return value;
}

function list<T>(walk: Walk, value: Json, item: (w: Walk, v: Json) => T): T[] {
  if (!Array.isArray(value) || value.length === 0) return fail(walk, 'give at least one value.');
  if (value.length > MAX_VALUES) return fail(walk, `at most ${MAX_VALUES} values.`);
  return value.map((v, i) => item(at(walk, String(i)), v));
}

function text(walk: Walk, value: Json): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 255)
    return fail(walk, 'enter a text of 1 to 255 characters.');
  return value.trim();
}

function id(walk: Walk, value: Json): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) return fail(walk, 'enter an id (1 or more).');
  return value;
}

function country(walk: Walk, value: Json): string {
  if (typeof value !== 'string' || !/^[A-Z]{2}$/.test(value)) return fail(walk, 'enter a country code such as FR.');
  return value;
}

function children<T>(walk: Walk, node: Record<string, Json>, parse: (w: Walk, v: Json) => T): T[] {
  if (walk.depth >= MAX_DEPTH) fail(walk, `conditions nest at most ${MAX_DEPTH} levels deep.`);
  const value = node.conditions;
  if (!Array.isArray(value)) return fail(at(walk, 'conditions'), 'give a list of conditions.');
  if (value.length > MAX_CHILDREN) return fail(at(walk, 'conditions'), `at most ${MAX_CHILDREN} conditions.`);
  return value.map((v, i) => parse({ ...at(walk, `conditions.${i}`), depth: walk.depth + 1 }, v));
}

function itemNode(walk: Walk, value: Json): ItemCondition {
  if (!isObject(value)) return fail(walk, 'each condition is an object with a "type".');
  switch (value.type) {
    case 'all':
    case 'any':
      onlyKeys(walk, value, ['type', 'conditions']);
      return { type: value.type, conditions: children(walk, value, itemNode) };
    case 'sku':
      onlyKeys(walk, value, ['type', 'operator', 'value']);
      return {
        type: 'sku',
        operator: setOperator(walk, value.operator),
        value: list(at(walk, 'value'), value.value, text),
      };
    case 'category':
      onlyKeys(walk, value, ['type', 'operator', 'value']);
      return {
        type: 'category',
        operator: setOperator(walk, value.operator),
        value: list(at(walk, 'value'), value.value, id),
      };
    case 'attribute':
      onlyKeys(walk, value, ['type', 'code', 'operator', 'value']);
      return {
        type: 'attribute',
        code: text(at(walk, 'code'), value.code),
        operator: setOperator(walk, value.operator),
        value: list(at(walk, 'value'), value.value, id),
      };
    case 'qty':
      onlyKeys(walk, value, ['type', 'operator', 'value']);
      return {
        type: 'qty',
        operator: numberOperator(walk, value.operator),
        value: wholeNumber(at(walk, 'value'), value.value),
      };
    default:
      return fail(at(walk, 'type'), 'an item condition is one of all, any, sku, category, attribute, qty.');
  }
}

function cartNode(walk: Walk, value: Json): CartCondition {
  if (!isObject(value)) return fail(walk, 'each condition is an object with a "type".');
  switch (value.type) {
    case 'all':
    case 'any':
      onlyKeys(walk, value, ['type', 'conditions']);
      return { type: value.type, conditions: children(walk, value, cartNode) };
    case 'subtotal':
    case 'total_qty':
      onlyKeys(walk, value, ['type', 'operator', 'value']);
      return {
        type: value.type,
        operator: numberOperator(walk, value.operator),
        value: wholeNumber(at(walk, 'value'), value.value),
      };
    case 'shipping_country':
      onlyKeys(walk, value, ['type', 'operator', 'value']);
      return {
        type: 'shipping_country',
        operator: setOperator(walk, value.operator),
        value: list(at(walk, 'value'), value.value, country),
      };
    case 'items_found':
    case 'items_not_found':
      onlyKeys(walk, value, ['type', 'condition']);
      return {
        type: value.type,
        condition: itemNode({ ...at(walk, 'condition'), depth: walk.depth + 1 }, value.condition),
      };
    case 'items_subselect': {
      onlyKeys(walk, value, ['type', 'attribute', 'operator', 'value', 'condition']);
      const attribute = value.attribute;
      if (attribute !== 'qty' && attribute !== 'row_total')
        return fail(at(walk, 'attribute'), 'choose "qty" or "row_total".');
      return {
        type: 'items_subselect',
        attribute,
        operator: numberOperator(walk, value.operator),
        value: wholeNumber(at(walk, 'value'), value.value),
        condition: itemNode({ ...at(walk, 'condition'), depth: walk.depth + 1 }, value.condition),
      };
    }
    default:
      return fail(
        at(walk, 'type'),
        'a cart condition is one of all, any, subtotal, total_qty, shipping_country, items_found, items_not_found, items_subselect.',
      );
  }
}

/** A cart condition tree from parsed JSON; throws a ConditionError naming the first problem. */
export function parseCartCondition(value: unknown, field = 'conditions'): CartCondition {
  return cartNode({ field, path: '', depth: 0 }, value);
}

/** An item condition tree from parsed JSON; throws a ConditionError naming the first problem. */
export function parseItemCondition(value: unknown, field = 'actionConditions'): ItemCondition {
  return itemNode({ field, path: '', depth: 0 }, value);
}

/** JSON text (as staff send it) → a checked tree; empty text → null (no condition). */
export function conditionFromText<T>(
  textValue: string | null | undefined,
  field: string,
  parse: (value: unknown, field: string) => T,
): T | null {
  const trimmed = textValue?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed.length > 100_000) throw new ConditionError(field, '', 'at most 100,000 characters.');
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new ConditionError(field, '', 'not valid JSON.');
  }
  return parse(value, field);
}

/** A stored tree; a row that does not parse (written by hand) matches nothing rather than everything. */
export function storedCondition<T>(stored: string | null, parse: (value: unknown) => T): T | null | 'invalid' {
  if (stored === null) return null;
  try {
    return parse(JSON.parse(stored));
  } catch {
    return 'invalid';
  }
}
