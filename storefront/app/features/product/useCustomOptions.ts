import { useCallback, useMemo, useState } from 'react';
import {
  answersInput,
  answersPrice,
  customOptionViews,
  missingRequired,
  type CustomOptionAnswers,
} from './customOptions';
import type { ProductPageProduct } from './productPageQuery';
import type { ProductPriceLike } from './variantSelection';

/**
 * The shopper's answers to the product's custom options: what to send with Add to cart, which
 * required ones are still empty, and the price with what the answers add (the cart computes it
 * again on the server).
 */
export function useCustomOptions(product: ProductPageProduct, price: ProductPriceLike) {
  const customOptions = useMemo(() => customOptionViews(product), [product]);
  const [answers, setAnswers] = useState<CustomOptionAnswers>({});
  const answer = useCallback(
    (uid: string, value: string | string[]) => setAnswers((current) => ({ ...current, [uid]: value })),
    [],
  );
  const added = answersPrice(customOptions, answers, price.final_price.value ?? 0);
  const shownPrice: ProductPriceLike =
    added === 0
      ? price
      : {
          ...price,
          final_price: { ...price.final_price, value: (price.final_price.value ?? 0) + added },
          regular_price: { ...price.regular_price, value: (price.regular_price.value ?? 0) + added },
        };
  return {
    customOptions,
    answers,
    answer,
    custom: answersInput(customOptions, answers),
    unanswered: missingRequired(customOptions, answers).map((option) => option.title),
    shownPrice,
  };
}
