import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { Image } from '@vela/ui/Image';
import { Skeleton } from '@vela/ui/Skeleton';
import { Spinner } from '@vela/ui/Spinner';
import { useToast } from '@vela/ui/Toast';
import { type WishlistItem, useWishlist, wishlistItems } from './useWishlist';
import { WishlistMoveToCartMutation, WishlistRemoveMutation } from './wishlistQueries';
import { WishlistPrice } from './WishlistPrice';
import styles from './WishlistPage.module.css';

export function productPath(product: { url_key?: string | null; url_suffix?: string | null }): string | null {
  return product.url_key ? `/${product.url_key}${product.url_suffix ?? '.html'}` : null;
}

export function WishlistPage() {
  const intl = useIntl();
  const client = useApolloClient();
  const toast = useToast();
  const { wishlist, loading, error } = useWishlist();
  const [busy, setBusy] = useState<string | null>(null);

  if (!wishlist) {
    if (error) return <p role="alert">{describeError(error).message}</p>;
    return (
      <div aria-busy={loading}>
        <Spinner label={intl.formatMessage({ id: 'wishlist.loading', defaultMessage: 'Loading your wish list…' })} />
        <Skeleton height={120} />
      </div>
    );
  }
  const items = wishlistItems(wishlist);
  const wishlistId = wishlist.id ?? '';

  async function run(item: WishlistItem, work: () => Promise<void>) {
    setBusy(item.id);
    try {
      await work();
    } catch (caught) {
      toast.show(describeError(caught).message, { tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const moveToCart = (item: WishlistItem) =>
    run(item, async () => {
      const { data } = await client.mutate({
        mutation: WishlistMoveToCartMutation,
        variables: { wishlistId, itemIds: [item.id] },
      });
      const problem = data?.addWishlistItemsToCart?.add_wishlist_items_to_cart_user_errors[0];
      if (problem) {
        toast.show(problem.message, { tone: 'error' });
        return;
      }
      // The cart lives in another feature; refreshing its query by name keeps the badge right.
      await client.refetchQueries({ include: ['CartDetails'] });
      toast.show(
        intl.formatMessage(
          { id: 'wishlist.moved', defaultMessage: '{name} was moved to your cart.' },
          { name: item.product?.name ?? '' },
        ),
        { tone: 'success' },
      );
    });
  const remove = (item: WishlistItem) =>
    run(item, async () => {
      await client.mutate({ mutation: WishlistRemoveMutation, variables: { wishlistId, itemIds: [item.id] } });
      toast.show(
        intl.formatMessage(
          { id: 'wishlist.removed', defaultMessage: '{name} was removed from your wish list.' },
          { name: item.product?.name ?? '' },
        ),
      );
    });

  return (
    <>
      <h1>
        <FormattedMessage id="wishlist.title" defaultMessage="My wish list" />
      </h1>
      <p aria-live="polite" className={styles.count}>
        <FormattedMessage
          id="wishlist.count"
          defaultMessage="{count, plural, =0 {Your wish list is empty.} one {# product} other {# products}}"
          values={{ count: items.length }}
        />
      </p>
      <ul className={styles.grid}>
        {items.map((item) => {
          const product = item.product;
          const path = product ? productPath(product) : null;
          const image = product?.small_image?.url;
          return (
            <li key={item.id} className={styles.item}>
              {image ? (
                <Image
                  src={image}
                  alt={product?.small_image?.label || product?.name || ''}
                  width={200}
                  height={250}
                  widths={[200, 400]}
                  sizes="(min-width: 640px) 200px, 40vw"
                  className={styles.image}
                />
              ) : (
                <span className={styles.image} />
              )}
              <div className={styles.body}>
                <h2 className={styles.name}>{path ? <Link to={path}>{product?.name}</Link> : product?.name}</h2>
                <WishlistPrice minimum={product?.price_range.minimum_price} />
                {product?.stock_status === 'OUT_OF_STOCK' && (
                  <p className={styles.stock}>
                    <FormattedMessage id="wishlist.outOfStock" defaultMessage="Out of stock" />
                  </p>
                )}
                <div className={styles.actions}>
                  {product?.__typename === 'ConfigurableProduct' && path ? (
                    <Link to={path} className={styles.linkButton}>
                      <FormattedMessage id="wishlist.chooseOptions" defaultMessage="Choose options" />
                    </Link>
                  ) : (
                    <Button
                      busy={busy === item.id}
                      disabled={busy !== null || product?.stock_status === 'OUT_OF_STOCK'}
                      onClick={() => void moveToCart(item)}
                    >
                      <FormattedMessage id="wishlist.moveToCart" defaultMessage="Move to cart" />
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    disabled={busy !== null}
                    onClick={() => void remove(item)}
                    aria-label={intl.formatMessage(
                      { id: 'wishlist.removeLabel', defaultMessage: 'Remove {name} from my wish list' },
                      { name: product?.name ?? '' },
                    )}
                  >
                    <FormattedMessage id="wishlist.remove" defaultMessage="Remove" />
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
