import { bundleOptionUid, bundleSelectionUid } from '../catalog';
import { toMajor } from '../../kernel/money';
import type { ChosenBundleOption } from './bundleChoices';

/** A bundle line's answered options in Magento's `SelectedBundleOption` shape (prices per unit, cart currency). */
export function selectedBundleOptionsView(options: readonly ChosenBundleOption[], currency: string) {
  return options.map((o) => ({
    uid: bundleOptionUid(o.option.id),
    id: o.option.id,
    label: o.option.title,
    type: o.option.type,
    values: o.values.map((v) => ({
      uid: bundleSelectionUid(o.option.id, v.selection.id, v.qty),
      id: v.selection.id,
      label: v.selection.product.name,
      quantity: v.qty,
      price: toMajor(v.unitPrice, currency),
    })),
  }));
}
