import { FormattedMessage } from 'react-intl';
import { Price } from '@vela/ui/Price';
import { moneyValue, type MoneyFields } from '../../shared/money';
import styles from './WishlistPage.module.css';

// Below half a cent the difference is rounding noise, not a sale (as on the product cards).
const EPSILON = 0.005;

interface WishlistPriceProps {
  minimum: { final_price: MoneyFields; regular_price: MoneyFields } | null | undefined;
}

/** A kept product's price as the cards show it: on sale, the price paid and the struck regular one. */
export function WishlistPrice({ minimum }: WishlistPriceProps) {
  const final = moneyValue(minimum?.final_price);
  if (!final) return null;
  const regular = moneyValue(minimum?.regular_price);
  const onSale = regular !== null && regular.currency === final.currency && regular.value - final.value > EPSILON;
  if (!onSale) return <Price value={final.value} currency={final.currency} className={styles.price} />;
  return (
    <p className={styles.salePrice} data-testid="wishlist-sale-price">
      <span className="visually-hidden">
        <FormattedMessage id="catalog.card.salePrice" defaultMessage="Sale price" />
      </span>
      <Price value={final.value} currency={final.currency} className={styles.sale} />{' '}
      <span className="visually-hidden">
        <FormattedMessage id="catalog.card.regularPrice" defaultMessage="Regular price" />
      </span>
      <s className={styles.regular}>
        <Price value={regular.value} currency={regular.currency} />
      </s>
    </p>
  );
}
