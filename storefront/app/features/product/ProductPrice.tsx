import { FormattedMessage } from 'react-intl';
import { Price } from '@vela/ui/Price';
import { percentOff, type ProductPriceLike } from './variantSelection';
import styles from './ProductPrice.module.css';

interface ProductPriceProps {
  price: ProductPriceLike;
  /** Lowest of several prices (options not chosen yet). */
  isFrom: boolean;
}

/** Final price; when discounted also the struck regular price and the percentage saved. */
export function ProductPrice({ price, isFrom }: ProductPriceProps) {
  const { final_price: final, regular_price: regular } = price;
  if (final.value == null || !final.currency) return null;
  const percent = percentOff(price);
  const finalPrice = (
    <Price value={final.value} currency={final.currency} className={percent ? styles.sale : styles.final} />
  );
  return (
    <div className={styles.price}>
      {isFrom ? (
        <FormattedMessage id="product.priceFrom" defaultMessage="From {price}" values={{ price: finalPrice }} />
      ) : (
        finalPrice
      )}
      {percent != null && regular.value != null && regular.currency && (
        <>
          <span className={styles.regular}>
            <span className="visually-hidden">
              <FormattedMessage id="product.regularPrice" defaultMessage="Regular price" />
            </span>
            <s>
              <Price value={regular.value} currency={regular.currency} />
            </s>
          </span>
          <span className={styles.badge}>
            <FormattedMessage id="product.percentOff" defaultMessage="{percent, number}% off" values={{ percent }} />
          </span>
        </>
      )}
    </div>
  );
}
