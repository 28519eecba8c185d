import { useMemo, useState } from 'react';
import {
  bundleOptionViews,
  bundlePrice,
  choose,
  defaultChoices,
  selectedUids,
  setQuantity,
  unansweredOptions,
  type BundleChoices,
} from './bundleOptions';
import type { ProductPageProduct } from './productPageQuery';
import type { ProductPriceLike } from './variantSelection';

/**
 * The shopper's choices for a bundle's options, starting from the merchant's defaults: what to
 * send with Add to cart, which required options are still unanswered, and the price of one bundle
 * so chosen (the cart computes it again on the server). Other products: no options, their price.
 */
export function useBundleOptions(product: ProductPageProduct, price: ProductPriceLike) {
  const options = useMemo(() => bundleOptionViews(product), [product]);
  const [choices, setChoices] = useState<BundleChoices>(() => defaultChoices(options));
  const base = product.__typename === 'BundleProduct' ? (product.price_details?.main_final_price ?? 0) : 0;
  const total = bundlePrice(
    options,
    choices,
    product.__typename === 'BundleProduct' && product.dynamic_price !== false ? 0 : base,
  );
  const shownPrice: ProductPriceLike =
    options.length === 0
      ? price
      : {
          ...price,
          final_price: { ...price.final_price, value: total },
          regular_price: { ...price.regular_price, value: total },
          discount: null,
        };
  return {
    bundleOptions: options,
    bundleChoices: choices,
    chooseBundle: (optionId: number, selectionIds: number[]) =>
      setChoices((current) => choose(options, current, optionId, selectionIds)),
    setBundleQuantity: (optionId: number, selectionId: number, qty: number) =>
      setChoices((current) => setQuantity(current, optionId, selectionId, qty)),
    bundleSelected: selectedUids(options, choices),
    bundleUnanswered: unansweredOptions(options, choices).map((o) => o.title),
    bundlePriceShown: shownPrice,
  };
}
