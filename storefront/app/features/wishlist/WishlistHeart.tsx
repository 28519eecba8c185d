import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { useIsSignedIn } from '../../data/customerSession';
import { describeError } from '../../data/errors';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { findWishlistItem, useWishlist } from './useWishlist';
import styles from './WishlistHeart.module.css';

interface WishlistHeartProps {
  sku: string;
  /** For the button's accessible name; without it the label is generic. */
  name?: string;
  /** For configurable products: the chosen variant's option uids, kept with the entry. */
  selectedOptions?: string[];
  size?: 'small' | 'large';
}

/**
 * A toggle that keeps a product on the customer's wish list. Guests are sent to sign in and
 * come back to this page.
 *
 * Only a signed-in customer's heart watches the wish list: a listing shows a heart on every
 * card, and a watcher per card (Apollo builds one even for a skipped query) cost every guest's
 * page dozens of them while it hydrated.
 */
export function WishlistHeart(props: WishlistHeartProps) {
  return useIsSignedIn() ? <CustomerHeart {...props} /> : <GuestHeart {...props} />;
}

function GuestHeart({ name, size = 'small' }: WishlistHeartProps) {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  async function click() {
    toast.show(
      intl.formatMessage({
        id: 'wishlist.signInFirst',
        defaultMessage: 'Sign in to keep products on your wish list.',
      }),
    );
    await navigate(`/account/signin?redirect=${encodeURIComponent(location.pathname + location.search)}`);
  }

  return <HeartButton name={name} size={size} onClick={() => void click()} />;
}

function CustomerHeart({ sku, name, selectedOptions, size = 'small' }: WishlistHeartProps) {
  const intl = useIntl();
  const toast = useToast();
  const { wishlist, pending, toggle } = useWishlist();
  const saved = Boolean(findWishlistItem(wishlist, sku));

  async function click() {
    try {
      const result = await toggle({
        sku,
        quantity: 1,
        selected_options: selectedOptions && selectedOptions.length > 0 ? selectedOptions : null,
      });
      if (result === 'added')
        toast.show(
          intl.formatMessage(
            { id: 'wishlist.added', defaultMessage: '{name} is on your wish list.' },
            { name: name ?? sku },
          ),
          { tone: 'success' },
        );
      if (result === 'removed')
        toast.show(
          intl.formatMessage(
            { id: 'wishlist.removed', defaultMessage: '{name} was removed from your wish list.' },
            { name: name ?? sku },
          ),
        );
    } catch (error) {
      toast.show(describeError(error).message, { tone: 'error' });
    }
  }

  return (
    <HeartButton
      name={name}
      size={size}
      saved={saved}
      busy={pending === sku}
      disabled={pending !== null}
      onClick={() => void click()}
    />
  );
}

interface HeartButtonProps {
  name?: string;
  size: 'small' | 'large';
  /** Undefined for guests: the button is then not a toggle. */
  saved?: boolean;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

function HeartButton({ name, size, saved, busy, disabled, onClick }: HeartButtonProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={`${styles.heart} ${size === 'large' ? styles.large : ''}`}
      aria-pressed={saved}
      aria-busy={busy || undefined}
      disabled={disabled}
      onClick={onClick}
      aria-label={
        name
          ? intl.formatMessage({ id: 'wishlist.toggle', defaultMessage: 'Keep {name} on my wish list' }, { name })
          : intl.formatMessage({ id: 'wishlist.toggleGeneric', defaultMessage: 'Keep this product on my wish list' })
      }
    >
      <Icon icon={Heart} size={size === 'large' ? 24 : 20} fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}

/** Another control (add to cart) with the heart beside it, for the routes' render slots. */
export function WithWishlistHeart({ children, ...heart }: WishlistHeartProps & { children?: ReactNode }) {
  return (
    <div className={styles.beside}>
      <div className={styles.main}>{children}</div>
      <WishlistHeart {...heart} />
    </div>
  );
}
