import { m } from './products/variantMessages';
import { AddVariantForm } from './products/AddVariantForm';
import { useId, useRef, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '@vela/ui/Button';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminProductFieldsFragment } from '../__generated__/graphql';
import { request } from '../api/client';
import { formatMoney } from '../common/format';
import { ErrorMessage } from '../common/ui';

// A configurable product's variants: the list, taking one out, and adding one. Each is its own
// request, apart from the product form, so a half-edited product form is never sent with it.

const RemoveVariant = graphql(`
  mutation RemoveProductVariant($sku: String!, $variantSku: String!) {
    removeProductVariant(sku: $sku, variantSku: $variantSku) {
      ...AdminProductFields
    }
  }
`);

type Product = AdminProductFieldsFragment;

export function ProductVariants({
  product,
  readOnly,
  onSaved,
}: {
  product: Product;
  readOnly: boolean;
  onSaved: (product: Product) => void;
}) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const toast = useToast();
  const id = useId();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (sku: string) => {
    if (removing || !window.confirm(t(m.confirmRemove, { sku }))) return;
    setRemoving(sku);
    setError(null);
    try {
      const result = await request(RemoveVariant, { sku: product.sku, variantSku: sku });
      onSaved(result.removeProductVariant);
      toast.show(t(m.removed, { sku }), { tone: 'success' });
      // The row and its button are gone: the section's heading keeps the reader's place.
      headingRef.current?.focus();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="bo-card">
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {t(m.variants)}
      </h2>
      <p className="bo-muted">{t(m.editHint)}</p>
      <div className="bo-table-wrap">
        <table className="bo-table">
          <thead>
            <tr>
              <th scope="col">{t(m.sku)}</th>
              <th scope="col">{t(m.options)}</th>
              <th scope="col">{t(m.status)}</th>
              <th scope="col" className="bo-num">
                {t(m.stock)}
              </th>
              <th scope="col" className="bo-num">
                {t(m.price)}
              </th>
              {!readOnly && <th scope="col">{t(m.actions)}</th>}
            </tr>
          </thead>
          <tbody>
            {product.variants.map((variant) => (
              <tr key={variant.sku}>
                <th scope="row">
                  <Link to={`/products/${encodeURIComponent(variant.sku)}`}>{variant.sku}</Link>
                </th>
                <td>{variant.options.join(', ')}</td>
                <td>{variant.enabled ? t(m.on) : t(m.off)}</td>
                <td className="bo-num">{intl.formatNumber(variant.stockQty)}</td>
                <td className="bo-num">{formatMoney(intl, variant.specialPrice ?? variant.price)}</td>
                {!readOnly && (
                  <td>
                    <Button
                      variant="secondary"
                      busy={removing === variant.sku}
                      aria-label={t(m.remove, { sku: variant.sku })}
                      onClick={() => void remove(variant.sku)}
                    >
                      {t(m.removeShort)}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {!readOnly && <AddVariantForm product={product} onSaved={onSaved} />}
    </section>
  );
}
