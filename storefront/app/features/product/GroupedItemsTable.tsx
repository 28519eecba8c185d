import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProductPageProduct } from './productPageQuery';
import styles from './GroupedItemsTable.module.css';

export interface GroupedMemberView {
  sku: string;
  name: string;
  price: number;
  currency: string;
  inStock: boolean;
  /** The merchant's default quantity. */
  qty: number;
}

/** A grouped product's members (Magento's GroupedProduct.items), in the merchant's order. */
export function groupedMembers(product: ProductPageProduct): GroupedMemberView[] {
  if (product.__typename !== 'GroupedProduct') return [];
  return [...(product.items ?? [])]
    .sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))
    .flatMap((item) =>
      item?.product?.sku
        ? [
            {
              sku: item.product.sku,
              name: item.product.name ?? item.product.sku,
              price: item.product.price_range.minimum_price.final_price.value ?? 0,
              currency: item.product.price_range.minimum_price.final_price.currency ?? 'USD',
              inStock: item.product.stock_status !== 'OUT_OF_STOCK',
              qty: item.qty ?? 0,
            },
          ]
        : [],
    );
}

interface GroupedItemsTableProps {
  members: readonly GroupedMemberView[];
  quantities: Record<string, number>;
  onQuantity: (sku: string, quantity: number) => void;
}

/**
 * The products of a grouped product as a table: name, price and a quantity field each. Add to
 * cart puts every product with a quantity in the cart, each as its own line.
 */
export function GroupedItemsTable({ members, quantities, onQuantity }: GroupedItemsTableProps) {
  const intl = useIntl();
  const captionId = useId();
  return (
    <table className={styles.table} aria-labelledby={captionId}>
      <caption id={captionId} className={styles.caption}>
        <FormattedMessage id="product.grouped.caption" defaultMessage="Products in this set" />
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <FormattedMessage id="product.grouped.product" defaultMessage="Product" />
          </th>
          <th scope="col">
            <FormattedMessage id="product.grouped.price" defaultMessage="Price" />
          </th>
          <th scope="col">
            <FormattedMessage id="product.grouped.quantity" defaultMessage="Quantity" />
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((m) => (
          <tr key={m.sku}>
            <th scope="row" className={styles.name}>
              {m.name}
            </th>
            <td>{intl.formatNumber(m.price, { style: 'currency', currency: m.currency })}</td>
            <td>
              {m.inStock ? (
                <input
                  className={styles.qty}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  aria-label={intl.formatMessage(
                    { id: 'product.grouped.quantityOf', defaultMessage: 'Quantity of {name}' },
                    { name: m.name },
                  )}
                  value={String(quantities[m.sku] ?? m.qty)}
                  onChange={(e) => onQuantity(m.sku, Math.max(0, Math.floor(Number(e.target.value) || 0)))}
                />
              ) : (
                <FormattedMessage id="product.grouped.soldOut" defaultMessage="Sold out" />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
