import { type MessageDescriptor, useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { formatMoney } from '../../common/format';
import type { Product, ProductSectionProps } from './productDraft';
import { productMessages as m } from './productMessages';

/** Price, special price and stock; a configurable's are its variants', shown as a range. */
export function ProductPriceSection({
  id,
  product,
  draft,
  errors,
  readOnly,
  set,
}: ProductSectionProps & { product: Product | null }) {
  const intl = useIntl();
  const t = (descriptor: MessageDescriptor, values?: Record<string, string | number>) =>
    intl.formatMessage(descriptor, values);
  const currency = product?.price.currency ?? 'USD';
  return (
    <section aria-labelledby={`${id}-prices`} className="bo-card">
      <h2 id={`${id}-prices`}>{t(m.pricesStock)}</h2>
      {product?.type === 'CONFIGURABLE' ? (
        <p>
          {t(m.configurablePrices, {
            min: formatMoney(intl, product.minPrice),
            max: formatMoney(intl, product.maxPrice),
          })}
        </p>
      ) : (
        <div className="bo-form-row">
          <Field
            label={t(m.price, { currency })}
            name="price"
            inputMode="decimal"
            value={draft.price}
            error={errors.price}
            required
            readOnly={readOnly}
            onChange={(event) => set('price', event.target.value)}
          />
          <Field
            label={t(m.specialPrice, { currency })}
            name="specialPrice"
            inputMode="decimal"
            hint={t(m.specialPriceHint)}
            value={draft.specialPrice}
            error={errors.specialPrice}
            readOnly={readOnly}
            onChange={(event) => set('specialPrice', event.target.value)}
          />
          <Field
            label={t(m.stockQty)}
            name="stockQty"
            inputMode="numeric"
            value={draft.stockQty}
            error={errors.stockQty}
            readOnly={readOnly}
            onChange={(event) => set('stockQty', event.target.value)}
          />
        </div>
      )}
    </section>
  );
}
