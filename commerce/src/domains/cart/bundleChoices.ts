import {
  MAX_BUNDLE_QTY,
  SINGLE_CHOICE_BUNDLE_TYPES,
  bundleBasePrice,
  loadBundles,
  selectionUnitPrice,
  type BundleOptionRecord,
  type BundleRecord,
  type BundleSelectionRecord,
} from '../catalog';
import type { Kysely } from 'kysely';
import type { CartItemTable, Database, ProductTable } from '../../db/tables';
import { decodeUid } from '../../kernel/uids';
import { CartUserError } from './cartProductService';

// The selections a bundle's cart line was added with. A line stores them as JSON, a sorted list
// of [option id, selection id, quantity per bundle]; the same bundle with other choices is another
// line. Prices and names are read from the bundle each time the cart is priced, so the server
// alone decides what a choice costs.

/** [option id, selection id, quantity of the selection in one bundle]. */
export type StoredBundleChoice = [number, number, number];

/** What a cart request says of a bundle's options, in each of Magento's spellings. */
export interface BundleRequest {
  /** `selected_options` uids; those of other kinds (custom options) are left to their readers. */
  selected: readonly string[];
  /** `entered_options`: a selection's uid `bundle/{option}/{selection}` with the quantity as value. */
  entered: ReadonlyArray<{ uid: string; value: string }>;
  /** addBundleProductsToCart's `bundle_options`: option id, selection ids, quantity. */
  legacy: ReadonlyArray<{ id: number; quantity: number; value: ReadonlyArray<string | null> }>;
}

// Magento's messages (Bundle's product type).
export const SPECIFY_OPTIONS = 'Please specify product option(s).';
export const REQUIRED_BUNDLE_OPTIONS = 'Please select all required options.';
const UNAVAILABLE = 'The options you selected are not available.';
const unavailable = () => new CartUserError('UNDEFINED', UNAVAILABLE);

/** The parts of a bundle uid: `bundle/{option}/{selection}[/{qty}]`; null for other uids. */
export function parseBundleUid(uid: string): { optionId: number; selectionId: number; qty: string | null } | null {
  const match = /^bundle\/(\d+)\/(\d+)(?:\/([^/]+))?$/.exec(decodeUid(uid));
  if (!match) return null;
  return { optionId: Number(match[1]), selectionId: Number(match[2]), qty: match[3] ?? null };
}

export const isBundleUid = (uid: string) => decodeUid(uid).startsWith('bundle/');

function parseQty(raw: string | number): number {
  const qty = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isFinite(qty) || qty <= 0)
    throw new CartUserError('UNDEFINED', 'The product quantity should be greater than 0');
  if (!Number.isInteger(qty)) throw new CartUserError('UNDEFINED', 'The product quantity should be a whole number.');
  if (qty > MAX_BUNDLE_QTY) throw new CartUserError('INSUFFICIENT_STOCK', 'The requested qty is not available');
  return qty;
}

/**
 * Checks the request against the bundle's options and returns the line's choices as stored JSON.
 * Throws a CartUserError with Magento's message when nothing is chosen, a required option is
 * unanswered, a selection is not the option's, or a single-choice option gets two answers.
 * A selection whose quantity the shopper may not change goes in at its default quantity.
 */
export function chooseBundleOptions(record: BundleRecord, request: BundleRequest): string {
  const options = new Map(record.options.map((o) => [o.id, o]));
  const chosen = new Map<number, Map<number, number>>();
  const pick = (optionId: number, selectionId: number, rawQty: string | number | null) => {
    const option = options.get(optionId);
    const selection = option?.selections.find((s) => s.id === selectionId);
    if (!option || !selection) throw unavailable();
    const qty = selection.canChangeQty && rawQty !== null ? parseQty(rawQty) : selection.qty;
    const answers = chosen.get(optionId) ?? new Map<number, number>();
    answers.set(selectionId, qty);
    if (answers.size > 1 && SINGLE_CHOICE_BUNDLE_TYPES.has(option.type)) throw unavailable();
    chosen.set(optionId, answers);
  };
  for (const uid of request.selected) {
    const parsed = parseBundleUid(uid);
    if (!parsed) {
      if (isBundleUid(uid)) throw new CartUserError('UNDEFINED', 'Wrong format of the entered option data');
      continue;
    }
    pick(parsed.optionId, parsed.selectionId, parsed.qty);
  }
  for (const entry of request.entered) {
    const parsed = parseBundleUid(entry.uid);
    if (!parsed) continue;
    pick(parsed.optionId, parsed.selectionId, entry.value);
  }
  for (const answer of request.legacy) {
    for (const value of answer.value) {
      if (value === null || !/^\d+$/.test(value.trim())) throw unavailable();
      pick(answer.id, Number(value.trim()), answer.quantity);
    }
  }
  if (chosen.size === 0) throw new CartUserError('UNDEFINED', SPECIFY_OPTIONS);
  if (record.options.some((o) => o.required && !chosen.has(o.id)))
    throw new CartUserError('UNDEFINED', REQUIRED_BUNDLE_OPTIONS);
  const stored: StoredBundleChoice[] = [];
  for (const [optionId, answers] of chosen)
    for (const [selectionId, qty] of answers) stored.push([optionId, selectionId, qty]);
  stored.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return JSON.stringify(stored);
}

export function parseBundleChoices(stored: string | null | undefined): StoredBundleChoice[] {
  if (!stored) return [];
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? (parsed as StoredBundleChoice[]) : [];
}

/** One answered option as the cart and the order show it. */
export interface ChosenBundleOption {
  option: BundleOptionRecord;
  values: Array<{ selection: BundleSelectionRecord; qty: number; unitPrice: number }>;
}

/**
 * The line's choices that still match the bundle (a selection removed since is left out), each
 * priced per unit in the bundle's currency, and the unit price of one bundle so chosen.
 */
export function chosenBundle(
  bundle: ProductTable,
  record: BundleRecord,
  stored: string | null | undefined,
): { options: ChosenBundleOption[]; unitPrice: number } {
  const choices = parseBundleChoices(stored);
  const options = record.options.flatMap((option) => {
    const values = choices
      .filter((c) => c[0] === option.id)
      .flatMap(([, selectionId, qty]) => {
        const selection = option.selections.find((s) => s.id === selectionId);
        return selection ? [{ selection, qty, unitPrice: selectionUnitPrice(bundle, record.settings, selection) }] : [];
      });
    return values.length > 0 ? [{ option, values }] : [];
  });
  const unitPrice =
    bundleBasePrice(bundle, record.settings) +
    options.reduce((sum, o) => sum + o.values.reduce((s, v) => s + v.unitPrice * v.qty, 0), 0);
  return { options, unitPrice };
}

/** The products and quantities `lineQty` bundles so chosen take from stock. */
export function bundleStockUnits(
  options: readonly ChosenBundleOption[],
  lineQty: number,
): Array<{ product: ProductTable; qty: number }> {
  const units = new Map<number, { product: ProductTable; qty: number }>();
  for (const o of options)
    for (const v of o.values) {
      const unit = units.get(v.selection.product.id) ?? { product: v.selection.product, qty: 0 };
      unit.qty += v.qty * lineQty;
      units.set(v.selection.product.id, unit);
    }
  return [...units.values()];
}

/**
 * How many units of each product the cart's lines take, leaving out `except`: a simple or variant
 * line its quantity, a bundle line its selections times its quantity.
 */
export async function cartDemand(
  db: Kysely<Database>,
  items: readonly CartItemTable[],
  except: CartItemTable | undefined,
): Promise<Map<number, number>> {
  const demand = new Map<number, number>();
  const add = (id: number, qty: number) => demand.set(id, (demand.get(id) ?? 0) + qty);
  const others = items.filter((i) => i !== except);
  const bundleLines = others.filter((i) => i.bundle_options);
  const bundles = await loadBundles(
    db,
    bundleLines.map((i) => i.product_id),
  );
  for (const item of others) {
    const record = item.bundle_options ? bundles.get(item.product_id) : undefined;
    if (!item.bundle_options) add(item.variant_id ?? item.product_id, item.quantity);
    else if (record)
      for (const [optionId, selectionId, qty] of parseBundleChoices(item.bundle_options)) {
        const selection = record.options.find((o) => o.id === optionId)?.selections.find((s) => s.id === selectionId);
        if (selection) add(selection.product.id, qty * item.quantity);
      }
  }
  return demand;
}
