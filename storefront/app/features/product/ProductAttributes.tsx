import { defineMessages, useIntl } from 'react-intl';
import { humaniseCode, type AttributeRow } from './productAttributes';
import styles from './ProductAttributes.module.css';

const LABELS = defineMessages({
  material: { id: 'product.attribute.material', defaultMessage: 'Material' },
  pattern: { id: 'product.attribute.pattern', defaultMessage: 'Pattern' },
  activity: { id: 'product.attribute.activity', defaultMessage: 'Activity' },
  color: { id: 'product.attribute.color', defaultMessage: 'Colour' },
  size: { id: 'product.attribute.size', defaultMessage: 'Size' },
  country_of_manufacture: { id: 'product.attribute.countryOfManufacture', defaultMessage: 'Country of manufacture' },
  weight: { id: 'product.attribute.weight', defaultMessage: 'Weight' },
});

export function ProductAttributes({ rows, headingId }: { rows: readonly AttributeRow[]; headingId: string }) {
  const intl = useIntl();
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {intl.formatMessage({ id: 'product.attributesHeading', defaultMessage: 'Specifications' })}
      </h2>
      <dl className={styles.list}>
        {rows.map((row) => {
          const message = LABELS[row.code as keyof typeof LABELS];
          return (
            <div key={row.code} className={styles.row}>
              <dt>{message ? intl.formatMessage(message) : humaniseCode(row.code)}</dt>
              <dd>{row.value}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
