import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { Image } from '@vela/ui/Image';
import { Price } from '@vela/ui/Price';
import { cardPrice } from './cardPrice';
import type { CardVariant } from './cardVariant';
import { productPath } from './catalogUrls';
import styles from './ProductCard.module.css';

// Product images are 4:5 portraits.
const IMAGE_WIDTH = 320;
const IMAGE_HEIGHT = 400;

interface ProductCardProps {
  product: CatalogProductCardFieldsFragment;
  /** The first row of a listing is above the fold: load its images eagerly. */
  priority?: boolean;
  /** `sizes` for the image, matching the grid the card sits in. */
  sizes?: string;
  /** What the shop offers on the card, from the route (features do not import each other). */
  actions?: ProductCardActions;
  /** The variant the listing's filters point to (its picture, and the link chooses it). */
  variant?: CardVariant | null;
}

/** A card's own controls: one on the image's corner (the wish-list heart), the rest at its foot. */
export interface ProductCardActions {
  onImage?: ReactNode;
  below?: ReactNode;
}

export function ProductCard({ product, priority = false, sizes, actions, variant }: ProductCardProps) {
  const price = cardPrice(product.price_range);
  const href = productPath(product) + (variant?.search ?? '');
  const image = variant?.imageUrl ?? product.small_image?.url;
  const outOfStock = product.stock_status === 'OUT_OF_STOCK';
  const name = product.name ?? '';
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image ? (
          <Image
            className={styles.image}
            src={image}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            sizes={sizes ?? '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw'}
            priority={priority}
          />
        ) : (
          <div className={styles.placeholder} />
        )}
        {price?.percentOff ? (
          <span className={styles.badge}>
            <FormattedMessage
              id="catalog.card.percentOff"
              defaultMessage="−{percent}%"
              values={{ percent: price.percentOff }}
            />
          </span>
        ) : price?.regular ? (
          <span className={styles.badge}>
            <FormattedMessage id="catalog.card.sale" defaultMessage="Sale" />
          </span>
        ) : null}
        {actions?.onImage && <div className={styles.imageAction}>{actions.onImage}</div>}
      </div>
      <h3 className={styles.name}>
        {/* The whole card is clickable through this link's stretched hit area. */}
        <Link to={href} className={styles.link} prefetch="intent">
          {name}
        </Link>
      </h3>
      {price && (
        <p className={styles.price} data-price={price.final.value}>
          {price.regular ? (
            <>
              <span className="visually-hidden">
                <FormattedMessage id="catalog.card.salePrice" defaultMessage="Sale price" />
              </span>
              <Price className={styles.final} value={price.final.value} currency={price.final.currency} />{' '}
              <span className="visually-hidden">
                <FormattedMessage id="catalog.card.regularPrice" defaultMessage="Regular price" />
              </span>
              <s className={styles.regular}>
                <Price value={price.regular.value} currency={price.regular.currency} />
              </s>
            </>
          ) : price.isRange ? (
            <FormattedMessage
              id="catalog.card.fromPrice"
              defaultMessage="From {price}"
              values={{ price: <Price value={price.final.value} currency={price.final.currency} /> }}
            />
          ) : (
            <Price value={price.final.value} currency={price.final.currency} />
          )}
        </p>
      )}
      {outOfStock && (
        <p className={styles.stock}>
          <FormattedMessage id="catalog.card.outOfStock" defaultMessage="Out of stock" />
        </p>
      )}
      {actions?.below && <div className={styles.actions}>{actions.below}</div>}
    </article>
  );
}
