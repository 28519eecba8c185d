import { describe, expect, it } from 'vitest';
import {
  BLACK,
  NAVY,
  SIZE_L,
  SIZE_M,
  SIZE_S,
  teeOptions,
  teeProduct,
  teeVariants,
} from '../../../test/fixtures/testCatalog';
import {
  chooseValue,
  clampQuantity,
  findVariant,
  galleryImages,
  maxQuantity,
  normaliseOptions,
  percentOff,
  productDisplay,
  valueStates,
} from './variantSelection';

const options = normaliseOptions(teeOptions);

describe('findVariant', () => {
  it('finds nothing until every option has a value', () => {
    expect(findVariant(options, teeVariants, {})).toBeNull();
    expect(findVariant(options, teeVariants, { color: NAVY })).toBeNull();
  });

  it('finds the variant of a complete selection', () => {
    expect(findVariant(options, teeVariants, { color: NAVY, size: SIZE_M })?.product?.sku).toBe('TEE-NAVY-M');
    expect(findVariant(options, teeVariants, { color: BLACK, size: SIZE_L })?.product?.sku).toBe('TEE-BLACK-L');
  });

  it('finds nothing for a combination that does not exist', () => {
    expect(findVariant(options, teeVariants, { color: BLACK, size: SIZE_S })).toBeNull();
  });
});

describe('valueStates', () => {
  it('without a selection marks values by whether any variant has them in stock', () => {
    const states = valueStates(options, teeVariants, {});
    expect(states.color).toEqual({ [NAVY]: 'available', [BLACK]: 'available' });
    expect(states.size).toEqual({ [SIZE_S]: 'available', [SIZE_M]: 'available', [SIZE_L]: 'available' });
  });

  it('restricts the other options by the chosen values: missing and out-of-stock combinations', () => {
    const navy = valueStates(options, teeVariants, { color: NAVY });
    expect(navy.size).toEqual({ [SIZE_S]: 'available', [SIZE_M]: 'available', [SIZE_L]: 'out_of_stock' });
    const black = valueStates(options, teeVariants, { color: BLACK });
    expect(black.size).toEqual({ [SIZE_S]: 'unavailable', [SIZE_M]: 'available', [SIZE_L]: 'available' });
  });

  it("ignores an option's own choice, so other values of it stay choosable", () => {
    const states = valueStates(options, teeVariants, { color: NAVY, size: SIZE_S });
    expect(states.color).toEqual({ [NAVY]: 'available', [BLACK]: 'unavailable' });
    expect(states.size?.[SIZE_M]).toBe('available');
  });
});

describe('chooseValue', () => {
  it('sets a value and toggles it off when chosen again', () => {
    const navy = chooseValue(options, teeVariants, {}, 'color', NAVY);
    expect(navy).toEqual({ color: NAVY });
    expect(chooseValue(options, teeVariants, navy, 'color', NAVY)).toEqual({});
  });

  it('keeps compatible choices and drops ones no variant combines with the new value', () => {
    expect(chooseValue(options, teeVariants, { size: SIZE_M }, 'color', BLACK)).toEqual({ color: BLACK, size: SIZE_M });
    expect(chooseValue(options, teeVariants, { size: SIZE_S }, 'color', BLACK)).toEqual({ color: BLACK });
  });

  it('keeps an out-of-stock combination, which exists and is shown as such', () => {
    expect(chooseValue(options, teeVariants, { color: NAVY }, 'size', SIZE_L)).toEqual({ color: NAVY, size: SIZE_L });
  });
});

describe('productDisplay', () => {
  it('before any choice shows the lowest price as a "from" price and the product gallery', () => {
    const display = productDisplay(teeProduct, options, teeVariants, {});
    expect(display.price.final_price.value).toBe(24);
    expect(display.priceIsFrom).toBe(true);
    expect(display.images.map((image) => image.url)).toEqual(['/media/catalog/product/demo/tee/base/1.png']);
    expect(display.sku).toBeNull();
    expect(display.complete).toBe(false);
  });

  it("with a colour chosen shows that colour's images, shared by all its sizes", () => {
    const display = productDisplay(teeProduct, options, teeVariants, { color: BLACK });
    expect(display.images.map((image) => image.url)).toEqual([
      '/media/catalog/product/demo/tee/1f1f1f/1.png',
      '/media/catalog/product/demo/tee/1f1f1f/2.png',
    ]);
    expect(display.sku).toBeNull();
  });

  it('with only a size chosen keeps the product gallery, since colours differ', () => {
    const display = productDisplay(teeProduct, options, teeVariants, { size: SIZE_M });
    expect(display.images[0]?.url).toBe('/media/catalog/product/demo/tee/base/1.png');
  });

  it("with every option chosen switches to the variant's price, stock, SKU and images", () => {
    const display = productDisplay(teeProduct, options, teeVariants, { color: NAVY, size: SIZE_M });
    expect(display.price.final_price.value).toBe(24);
    expect(display.price.regular_price.value).toBe(30);
    expect(display.priceIsFrom).toBe(false);
    expect(display.onlyLeft).toBe(3);
    expect(display.stockStatus).toBe('IN_STOCK');
    expect(display.sku).toBe('TEE-NAVY-M');
    expect(display.images[0]?.url).toBe('/media/catalog/product/demo/tee/1f2a44/1.png');
    expect(display.complete).toBe(true);

    const black = productDisplay(teeProduct, options, teeVariants, { color: BLACK, size: SIZE_L });
    expect(black.price.final_price.value).toBe(32);
  });

  it('reports an out-of-stock variant as not purchasable', () => {
    const display = productDisplay(teeProduct, options, teeVariants, { color: NAVY, size: SIZE_L });
    expect(display.stockStatus).toBe('OUT_OF_STOCK');
    expect(display.complete).toBe(false);
  });

  it('treats a product without options as complete on its own', () => {
    const simple = { ...teeProduct, sku: 'MUG-1', only_x_left_in_stock: 2 };
    const display = productDisplay(simple, [], null, {});
    expect(display).toMatchObject({ sku: 'MUG-1', onlyLeft: 2, complete: true, priceIsFrom: false });
  });
});

describe('galleryImages', () => {
  it('drops disabled and url-less entries and orders by position', () => {
    const images = galleryImages([
      { url: '/b.png', label: 'b', position: 2, disabled: false },
      { url: '/hidden.png', label: 'h', position: 0, disabled: true },
      null,
      { url: null, label: 'none', position: 1 },
      { url: '/a.png', label: null, position: 1, disabled: false },
    ]);
    expect(images).toEqual([
      { url: '/a.png', label: '' },
      { url: '/b.png', label: 'b' },
    ]);
  });
});

describe('percentOff and quantities', () => {
  it('rounds the discount and ignores prices that are not reduced', () => {
    expect(
      percentOff({ regular_price: { value: 30, currency: 'EUR' }, final_price: { value: 24, currency: 'EUR' } }),
    ).toBe(20);
    expect(
      percentOff({
        regular_price: { value: 30, currency: 'EUR' },
        final_price: { value: 30, currency: 'EUR' },
        discount: { percent_off: 0 },
      }),
    ).toBeNull();
    expect(
      percentOff({
        regular_price: { value: 3, currency: 'EUR' },
        final_price: { value: 2, currency: 'EUR' },
        discount: { percent_off: 33.333 },
      }),
    ).toBe(33);
  });

  it('caps the quantity by the stock left, else by 99', () => {
    expect(maxQuantity(null)).toBe(99);
    expect(maxQuantity(3)).toBe(3);
    expect(maxQuantity(0)).toBe(99);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
  });
});
