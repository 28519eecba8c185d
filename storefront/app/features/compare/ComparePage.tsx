import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { describeError } from '../../data/errors';
import { useHydrated } from '../../shared/useHydrated';
import { Button } from '@vela/ui/Button';
import { Image } from '@vela/ui/Image';
import { Price } from '@vela/ui/Price';
import { Skeleton } from '@vela/ui/Skeleton';
import { Spinner } from '@vela/ui/Spinner';
import { useToast } from '@vela/ui/Toast';
import { compareItems, useCompareList, type CompareItem } from './useCompareList';
import styles from './ComparePage.module.css';

interface ComparePageProps {
  /** The list the server rendered the page with (the route's loader), shown before hydration. */
  serverUid?: string | null;
  /** The cart feature's add-to-cart for one product, or null where it needs options chosen first (composed by the route). */
  renderAddToCart?: (product: CatalogProductCardFieldsFragment) => ReactNode;
}

function productPath(product: { url_key?: string | null; url_suffix?: string | null }): string | null {
  return product.url_key ? `/${product.url_key}${product.url_suffix ?? '.html'}` : null;
}

/**
 * The products of the compare list side by side: one column per product, one row per attribute
 * (the row's name is its header cell). On a phone the table scrolls sideways with the attribute
 * names kept in view.
 */
export function ComparePage({ serverUid = null, renderAddToCart }: ComparePageProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { uid, list, loading, error } = useCompareList(serverUid);
  const headingId = useId();

  const heading = (
    <h1 id={headingId}>
      <FormattedMessage id="compare.page.title" defaultMessage="Compare products" />
    </h1>
  );
  // Before hydration only the server's list is known; without one the browser has to load it.
  if ((!hydrated && serverUid === null) || loading) {
    return (
      <div className="container" aria-busy="true">
        {heading}
        <Spinner label={intl.formatMessage({ id: 'compare.loading', defaultMessage: 'Loading your compare list…' })} />
        <Skeleton height={320} />
      </div>
    );
  }
  if (error && !list) {
    return (
      <div className="container">
        {heading}
        <p role="alert">{describeError(error).message}</p>
      </div>
    );
  }
  const items = uid ? compareItems(list) : [];
  return (
    <div className="container">
      {heading}
      <p aria-live="polite" className={styles.count}>
        <FormattedMessage
          id="compare.count"
          defaultMessage="{count, plural, =0 {Your compare list is empty.} one {# product} other {# products side by side}}"
          values={{ count: items.length }}
        />
      </p>
      {items.length === 0 ? (
        <p>
          <FormattedMessage
            id="compare.empty.hint"
            defaultMessage="Choose “Compare” on the products you are considering to see them here side by side."
          />{' '}
          <Link to="/">
            <FormattedMessage id="compare.empty.continue" defaultMessage="Continue shopping" />
          </Link>
        </p>
      ) : (
        <CompareTable items={items} attributes={list?.attributes ?? []} renderAddToCart={renderAddToCart} />
      )}
    </div>
  );
}

function CompareTable({
  items,
  attributes,
  renderAddToCart,
}: {
  items: CompareItem[];
  attributes: ReadonlyArray<{ code: string; label: string } | null>;
  renderAddToCart?: ComparePageProps['renderAddToCart'];
}) {
  const intl = useIntl();
  const toast = useToast();
  const { remove } = useCompareList();
  const [busy, setBusy] = useState<string | null>(null);
  const captionId = useId();

  async function removeItem(item: CompareItem) {
    const name = item.product.name ?? '';
    setBusy(item.uid);
    try {
      await remove(item.product.uid);
      toast.show(
        intl.formatMessage(
          { id: 'compare.removed', defaultMessage: '{name} was removed from your compare list.' },
          { name },
        ),
      );
    } catch (caught) {
      toast.show(describeError(caught).message, { tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const rows = attributes.flatMap((attribute) => (attribute ? [attribute] : []));
  return (
    // A region that takes the focus, so keyboard users can scroll it sideways on a phone.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className="visually-hidden">
          <FormattedMessage id="compare.table.caption" defaultMessage="Products compared, one per column" />
        </caption>
        <thead>
          <tr>
            <td className={styles.corner} />
            {items.map((item) => {
              const product = item.product;
              const path = productPath(product);
              const price = product.price_range.minimum_price.final_price;
              const action = renderAddToCart?.(product) ?? null;
              return (
                <th key={item.uid} scope="col" className={styles.product}>
                  {product.small_image?.url ? (
                    <Image
                      src={product.small_image.url}
                      alt=""
                      width={160}
                      height={200}
                      widths={[160, 320]}
                      sizes="160px"
                      className={styles.image}
                    />
                  ) : (
                    <span className={styles.image} />
                  )}
                  <span className={styles.name}>{path ? <Link to={path}>{product.name}</Link> : product.name}</span>
                  {price.value != null && price.currency && (
                    <Price value={price.value} currency={price.currency} className={styles.price} />
                  )}
                  <span className={styles.actions}>
                    {action ??
                      (path && (
                        <Link to={path} className={styles.linkButton}>
                          <FormattedMessage id="compare.chooseOptions" defaultMessage="Choose options" />
                        </Link>
                      ))}
                    <Button
                      variant="ghost"
                      busy={busy === item.uid}
                      disabled={busy !== null}
                      onClick={() => void removeItem(item)}
                      aria-label={intl.formatMessage(
                        { id: 'compare.remove', defaultMessage: 'Remove {name} from the compare list' },
                        { name: product.name ?? '' },
                      )}
                    >
                      <FormattedMessage id="compare.removeVisible" defaultMessage="Remove" />
                    </Button>
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((attribute) => (
            <tr key={attribute.code}>
              <th scope="row" className={styles.rowHeader}>
                {attribute.label}
              </th>
              {items.map((item) => {
                const value = item.attributes.find((a) => a?.code === attribute.code)?.value ?? '';
                return (
                  <td key={item.uid}>
                    {value || (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">
                          <FormattedMessage id="compare.noValue" defaultMessage="None" />
                        </span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
