import { FormattedMessage } from 'react-intl';
import type { CheckoutCartFieldsFragment } from '../../__generated__/graphql';
import { Image } from '@vela/ui/Image';
import { Price } from '@vela/ui/Price';
import styles from './CheckoutSummaries.module.css';
import { customOptionPairs } from '../../shared/cartItemCustomOptions';

type CartItem = NonNullable<NonNullable<CheckoutCartFieldsFragment['itemsV2']>['items'][number]>;

export function cartItems(cart: CheckoutCartFieldsFragment): CartItem[] {
  return (cart.itemsV2?.items ?? []).filter((item): item is CartItem => item != null);
}

/** The lines of the cart, with the problems that would stop the order (e.g. not enough stock). */
export function CheckoutItems({ cart }: { cart: CheckoutCartFieldsFragment }) {
  return (
    <ul className={styles.items}>
      {cartItems(cart).map((item) => {
        const options = item.__typename === 'ConfigurableCartItem' ? item.configurable_options : [];
        const problems = (item.errors ?? []).filter((e) => e != null);
        // The chosen variant's own picture shows the chosen colour; the parent's is another one.
        const variant = item.__typename === 'ConfigurableCartItem' ? item.configured_variant : null;
        const picture = variant?.thumbnail?.url ? variant.thumbnail : item.product.thumbnail;
        return (
          <li key={item.uid} className={styles.item}>
            {picture?.url ? (
              <Image src={picture.url} alt="" width={56} height={70} widths={[80, 120]} className={styles.thumb} />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div className={styles.itemText}>
              <p className={styles.itemName}>{item.product.name}</p>
              {options.map((option) =>
                option ? (
                  <p key={option.configurable_product_option_uid} className={styles.itemMeta}>
                    {option.option_label}: {option.value_label}
                  </p>
                ) : null,
              )}
              {('customizable_options' in item ? customOptionPairs(item) : []).map((pair) => (
                <p key={pair.uid} className={styles.itemMeta}>
                  {pair.label}: {pair.value}
                </p>
              ))}
              <p className={styles.itemMeta}>
                <FormattedMessage
                  id="checkout.items.quantity"
                  defaultMessage="Qty {quantity, number}"
                  values={{ quantity: item.quantity }}
                />
              </p>
              {problems.map((problem, index) => (
                <p key={index} className={styles.itemProblem}>
                  {problem?.message}
                </p>
              ))}
            </div>
            {item.prices?.row_total && (
              <Price
                value={item.prices.row_total.value ?? 0}
                currency={item.prices.row_total.currency ?? 'USD'}
                className={styles.itemPrice}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
