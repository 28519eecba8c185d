import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Price } from '@vela/ui/Price';
import { QuantityStepper } from '@vela/ui/QuantityStepper';
import { removeItem, setItemQuantity } from './cartChanges';
import type { CartLine } from './cartLines';
import { CartOptions } from './CartOptions';
import { CartThumbnail } from './CartThumbnail';
import { EditOptionsModal } from './EditOptionsModal';
import { useCartMutation } from './useCartMutation';
import { useFormatCartMessage } from './useCartMessage';
import styles from './CartItemRow.module.css';

// Below this many left, the line warns that stock is short.
const LOW_STOCK_WARNING = 5;
// Without a stock figure the field still needs an upper bound.
const CART_QUANTITY_LIMIT = 10_000;

export function CartItemRow({ line }: { line: CartLine }) {
  const intl = useIntl();
  const quantity = useCartMutation();
  const removal = useCartMutation();
  const format = useFormatCartMessage();
  const [editing, setEditing] = useState(false);
  const busy = quantity.busy || removal.busy;
  const message = quantity.message ?? removal.message;

  return (
    <li className={styles.row} aria-busy={busy || undefined}>
      <Link to={line.href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <CartThumbnail image={line.image} width={96} />
      </Link>
      <div className={styles.details}>
        <h3 className={styles.name}>
          <Link to={line.href}>{line.name}</Link>
        </h3>
        <CartOptions options={line.options} />
        {line.price && (
          <p className={styles.unit}>
            <FormattedMessage
              id="cart.item.unitPrice"
              defaultMessage="{price} each"
              values={{ price: <Price value={line.price.value} currency={line.price.currency} /> }}
            />
          </p>
        )}
        <div className={styles.warnings}>
          {line.errors.map((error) => (
            <p key={error} className={styles.warning}>
              {error}
            </p>
          ))}
          {line.errors.length === 0 && line.outOfStock && (
            <p className={styles.warning}>
              <FormattedMessage id="cart.item.outOfStock" defaultMessage="Out of stock. Remove it to check out." />
            </p>
          )}
          {!line.outOfStock && line.onlyLeft !== null && line.onlyLeft <= LOW_STOCK_WARNING && (
            <p className={styles.lowStock}>
              <FormattedMessage
                id="cart.item.onlyLeft"
                defaultMessage="Only {count, number} left"
                values={{ count: line.onlyLeft }}
              />
            </p>
          )}
        </div>
        <div className={styles.controls}>
          <QuantityStepper
            value={line.quantity}
            max={line.onlyLeft && line.onlyLeft > 0 ? line.onlyLeft : CART_QUANTITY_LIMIT}
            busy={busy}
            onChange={(next) => void quantity.run(setItemQuantity(line.uid, next))}
            label={intl.formatMessage(
              { id: 'cart.item.quantityLabel', defaultMessage: 'Quantity of {name}' },
              { name: line.name },
            )}
            hideLabel
            decreaseLabel={intl.formatMessage(
              { id: 'cart.item.decrease', defaultMessage: 'Decrease quantity of {name}' },
              { name: line.name },
            )}
            increaseLabel={intl.formatMessage(
              { id: 'cart.item.increase', defaultMessage: 'Increase quantity of {name}' },
              { name: line.name },
            )}
          />
          {/* Edit and Remove stay together on one line, whatever the width. */}
          <div className={styles.lineActions}>
            {line.configurable && (
              <button
                type="button"
                className={styles.link}
                onClick={() => setEditing(true)}
                disabled={busy}
                aria-haspopup="dialog"
              >
                <FormattedMessage id="cart.item.edit" defaultMessage="Edit" />
                <span className="visually-hidden"> {line.name}</span>
              </button>
            )}
            <button
              type="button"
              className={styles.link}
              onClick={() => void removal.run(removeItem(line.uid))}
              disabled={busy}
              aria-label={intl.formatMessage(
                { id: 'cart.item.removeLabel', defaultMessage: 'Remove {name} from cart' },
                { name: line.name },
              )}
            >
              <FormattedMessage id="cart.item.remove" defaultMessage="Remove" />
            </button>
          </div>
        </div>
        {message && (
          <p role="alert" className={styles.error}>
            {format(message)}
          </p>
        )}
      </div>
      <p className={styles.total}>
        <span className="visually-hidden">
          <FormattedMessage id="cart.item.rowTotal" defaultMessage="Line total" />
        </span>
        {line.rowTotal && <Price value={line.rowTotal.value} currency={line.rowTotal.currency} />}
      </p>
      {line.configurable && <EditOptionsModal line={line} open={editing} onClose={() => setEditing(false)} />}
    </li>
  );
}
