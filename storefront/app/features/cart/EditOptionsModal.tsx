import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../data/errors';
import { Button } from '@vela/ui/Button';
import { Modal } from '@vela/ui/Modal';
import { Select } from '@vela/ui/Select';
import { Spinner } from '@vela/ui/Spinner';
import { userErrorMessage } from './cartErrors';
import type { CartLine } from './cartLines';
import { CartEditOptionsQuery, CartRemoveItemMutation } from './cartChangeQueries';
import { CartAddProductsMutation } from './cartQueries';
import {
  editableProduct,
  initialSelection,
  selectedValueUids,
  selectionState,
  type EditableProduct,
} from './editOptions';
import { useCartMutation } from './useCartMutation';
import { useFormatCartMessage } from './useCartMessage';
import styles from './EditOptionsModal.module.css';

interface EditOptionsModalProps {
  line: CartLine;
  open: boolean;
  onClose: () => void;
}

/**
 * Changes the colour, size… of a configurable line. Magento 2.4.7's updateCartItems cannot
 * change options, so the new variant is added first and the old line removed after: a refused
 * add leaves the cart as it was.
 */
export function EditOptionsModal({ line, open, onClose }: EditOptionsModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={<FormattedMessage id="cart.edit.title" defaultMessage="Edit {name}" values={{ name: line.name }} />}
    >
      {open && <EditOptionsForm line={line} onDone={onClose} />}
    </Modal>
  );
}

function EditOptionsForm({ line, onDone }: { line: CartLine; onDone: () => void }) {
  const intl = useIntl();
  const { data, loading, error } = useQuery(CartEditOptionsQuery, {
    variables: { sku: line.sku },
    fetchPolicy: 'cache-first',
  });
  const product = editableProduct(data?.products?.items?.[0]);
  if (loading && !data)
    return <Spinner label={intl.formatMessage({ id: 'cart.edit.loading', defaultMessage: 'Loading options…' })} />;
  if (!product) {
    return (
      <p role="alert" className={styles.error}>
        {error ? (
          describeError(error).message
        ) : (
          <FormattedMessage
            id="cart.edit.unavailable"
            defaultMessage="The options of this product cannot be changed."
          />
        )}
      </p>
    );
  }
  return <OptionsForm line={line} product={product} onDone={onDone} />;
}

function OptionsForm({ line, product, onDone }: { line: CartLine; product: EditableProduct; onDone: () => void }) {
  const intl = useIntl();
  const current = line.options.map((option) => option.valueUid);
  const [selection, setSelection] = useState(() => initialSelection(product, current));
  const { run, busy, message } = useCartMutation();
  const format = useFormatCartMessage();
  const state = selectionState(product, selection);
  const chosen = selectedValueUids(product, selection);
  const unchanged = chosen.length === current.length && chosen.every((uid) => current.includes(uid));

  const save = async () => {
    if (unchanged) return onDone();
    const ok = await run(async (client, cartId) => {
      const { data } = await client.mutate({
        mutation: CartAddProductsMutation,
        variables: { cartId, cartItems: [{ sku: line.sku, quantity: line.quantity, selected_options: chosen }] },
      });
      const refused = data?.addProductsToCart?.user_errors.find(Boolean);
      if (refused) return userErrorMessage(refused);
      await client.mutate({ mutation: CartRemoveItemMutation, variables: { cartId, itemUid: line.uid } });
      return undefined;
    });
    if (ok) onDone();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {product.options.map((option) => (
        <Select
          key={option.code}
          label={option.label}
          value={selection[option.code] ?? ''}
          placeholder={intl.formatMessage({ id: 'cart.edit.choose', defaultMessage: 'Choose…' })}
          options={option.values.map((value) => ({ value: value.uid, label: value.label }))}
          onChange={(event) => setSelection({ ...selection, [option.code]: event.target.value })}
        />
      ))}
      <p className={styles.status} role="status">
        {state === 'outOfStock' && (
          <FormattedMessage id="cart.edit.outOfStock" defaultMessage="This combination is out of stock." />
        )}
        {state === 'unavailable' && (
          <FormattedMessage id="cart.edit.noCombination" defaultMessage="This combination is not available." />
        )}
      </p>
      {message && (
        <p role="alert" className={styles.error}>
          {format(message)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} disabled={state !== 'available'}>
          <FormattedMessage id="cart.edit.save" defaultMessage="Update item" />
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <FormattedMessage id="cart.edit.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </form>
  );
}
