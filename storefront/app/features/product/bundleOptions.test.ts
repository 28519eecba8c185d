import { describe, expect, it } from 'vitest';
import {
  bundlePrice,
  choose,
  defaultChoices,
  selectedUids,
  setQuantity,
  unansweredOptions,
  type BundleOptionView,
} from './bundleOptions';

const selection = (id: number, price: number, extra: Partial<BundleOptionView['selections'][number]> = {}) => ({
  id,
  label: `Part ${id}`,
  quantity: 1,
  canChangeQuantity: false,
  isDefault: false,
  inStock: true,
  price,
  percent: false,
  ...extra,
});

const OPTIONS: BundleOptionView[] = [
  {
    id: 7,
    uid: 'b1',
    title: 'Lamp',
    required: true,
    kind: 'radio',
    selections: [selection(70, 30, { isDefault: true }), selection(71, 45)],
  },
  {
    id: 8,
    uid: 'b2',
    title: 'Pens',
    required: false,
    kind: 'checkbox',
    selections: [selection(80, 2.5, { quantity: 2, canChangeQuantity: true }), selection(81, 1, { quantity: 3 })],
  },
];

const decode = (uid: string) => Buffer.from(uid, 'base64').toString('utf8');

describe('a bundle’s choices on the product page', () => {
  it('starts from the merchant’s defaults and sends Magento’s selection uids', () => {
    const choices = defaultChoices(OPTIONS);
    expect(choices).toEqual({ 7: { 70: 1 } });
    expect(selectedUids(OPTIONS, choices).map(decode)).toEqual(['bundle/7/70/1']);
    expect(unansweredOptions(OPTIONS, {}).map((o) => o.title)).toEqual(['Lamp']);
  });

  it('prices a dynamic bundle as the sum of the chosen products at their quantities', () => {
    let choices = choose(OPTIONS, defaultChoices(OPTIONS), 7, [71]);
    choices = choose(OPTIONS, choices, 8, [80, 81]);
    choices = setQuantity(choices, 8, 80, 4);
    expect(bundlePrice(OPTIONS, choices, 0)).toBe(45 + 4 * 2.5 + 3 * 1);
    // A quantity the shopper may not change goes as the default, whatever the page holds.
    expect(selectedUids(OPTIONS, setQuantity(choices, 8, 81, 9)).map(decode)).toEqual([
      'bundle/7/71/1',
      'bundle/8/80/4',
      'bundle/8/81/3',
    ]);
  });

  it('adds percentages of a fixed bundle’s own price', () => {
    const fixed: BundleOptionView[] = [
      { ...OPTIONS[0]!, selections: [selection(70, 10, { percent: true, isDefault: true })] },
    ];
    expect(bundlePrice(fixed, defaultChoices(fixed), 50)).toBe(55);
  });
});
