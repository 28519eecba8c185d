import { Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { describeError } from '../../data/errors';
import { Icon } from '@vela/ui/Icon';
import { useToast } from '@vela/ui/Toast';
import { isCompared, useCompareList } from './useCompareList';
import styles from './CompareToggle.module.css';

interface CompareToggleProps {
  /** The product's uid (Magento's: the base64 of its id). */
  uid: string;
  name: string;
  /** 'icon' on a card's corner; 'labelled' on the product page, with its words beside the icon. */
  look?: 'icon' | 'labelled';
}

/**
 * Puts a product on the compare list or takes it off: a toggle button (aria-pressed) named after
 * the product. Rendered on the server unpressed; the state arrives once the list is read.
 */
export function CompareToggle({ uid, name, look = 'icon' }: CompareToggleProps) {
  const intl = useIntl();
  const toast = useToast();
  const { list, pending, toggle } = useCompareList();
  const compared = isCompared(list, uid);

  async function click() {
    try {
      const result = await toggle(uid);
      if (result === 'added')
        toast.show(
          intl.formatMessage({ id: 'compare.added', defaultMessage: '{name} is on your compare list.' }, { name }),
          {
            tone: 'success',
          },
        );
      if (result === 'removed')
        toast.show(
          intl.formatMessage(
            { id: 'compare.removed', defaultMessage: '{name} was removed from your compare list.' },
            { name },
          ),
        );
    } catch (error) {
      toast.show(describeError(error).message, { tone: 'error' });
    }
  }

  const label = intl.formatMessage({ id: 'compare.toggle', defaultMessage: 'Compare {name}' }, { name });
  return (
    <button
      type="button"
      className={look === 'icon' ? styles.icon : styles.labelled}
      aria-pressed={compared}
      aria-busy={pending === uid || undefined}
      disabled={pending !== null}
      aria-label={look === 'icon' ? label : undefined}
      onClick={() => void click()}
    >
      <Icon icon={Scale} size={look === 'icon' ? 20 : 18} />
      {look === 'labelled' && (
        <span>
          {intl.formatMessage({ id: 'compare.toggleVisible', defaultMessage: 'Compare' })}
          <span className="visually-hidden"> {name}</span>
        </span>
      )}
    </button>
  );
}

/** The product page's toggle with a link to the compare page once the product is on the list. */
export function CompareControl({ uid, name }: { uid: string; name: string }) {
  const intl = useIntl();
  const { list } = useCompareList();
  const count = list?.item_count ?? 0;
  return (
    <div className={styles.control}>
      <CompareToggle uid={uid} name={name} look="labelled" />
      {count > 0 && (
        <Link to="/compare" className={styles.link}>
          {intl.formatMessage(
            {
              id: 'compare.viewList',
              defaultMessage: 'View compare list ({count, plural, one {# product} other {# products}})',
            },
            { count },
          )}
        </Link>
      )}
    </div>
  );
}

/** Another corner control (the wish-list heart) with the compare toggle under it, for product cards. */
export function WithCompareToggle({ uid, name, children }: { uid: string; name: string; children?: ReactNode }) {
  return (
    <div className={styles.stack}>
      {children}
      <CompareToggle uid={uid} name={name} />
    </div>
  );
}
