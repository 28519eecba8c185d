import { FormattedMessage, useIntl } from 'react-intl';
import type { DownloadableView } from './downloadableLinks';
import styles from './CustomOptionsForm.module.css';

interface DownloadableLinksFormProps {
  view: DownloadableView;
  chosen: readonly string[];
  onChange: (uids: string[]) => void;
  /** The display currency, for prices. */
  currency: string;
}

/**
 * A downloadable product's links above Add to cart: check boxes with what each adds when they are
 * bought separately (at least one is then required), a plain list when the product comes with all
 * of them; samples anyone may download.
 */
export function DownloadableLinksForm({ view, chosen, onChange, currency }: DownloadableLinksFormProps) {
  const intl = useIntl();
  const title = view.title || intl.formatMessage({ id: 'product.downloadable.links', defaultMessage: 'Links' });
  const sample = (url: string | null, name: string) =>
    url && (
      <a href={url} download>
        <FormattedMessage id="product.downloadable.sampleOf" defaultMessage="Sample of {name}" values={{ name }} />
      </a>
    );
  return (
    <div className={styles.form} data-testid="downloadable-links">
      {view.separately ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>
            {title}
            <span className={styles.required} aria-hidden="true">
              *
            </span>
            <span className="visually-hidden">
              <FormattedMessage id="product.customOption.required" defaultMessage="(required)" />
            </span>
          </legend>
          {view.links.map((link) => (
            <div key={link.uid}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  name="downloadable-links"
                  value={link.uid}
                  checked={chosen.includes(link.uid)}
                  onChange={(e) =>
                    onChange(e.target.checked ? [...chosen, link.uid] : chosen.filter((uid) => uid !== link.uid))
                  }
                />
                {link.price === 0
                  ? link.title
                  : intl.formatMessage(
                      { id: 'product.bundle.selection', defaultMessage: '{name} (+{price})' },
                      { name: link.title, price: intl.formatNumber(link.price, { style: 'currency', currency }) },
                    )}
              </label>
              {sample(link.sampleUrl, link.title)}
            </div>
          ))}
        </fieldset>
      ) : (
        <section aria-label={title}>
          <h2 className={styles.legend}>{title}</h2>
          <ul>
            {view.links.map((link) => (
              <li key={link.uid}>
                {link.title} {sample(link.sampleUrl, link.title)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {view.samples.length > 0 && (
        <section aria-labelledby="downloadable-samples">
          <h2 id="downloadable-samples" className={styles.legend}>
            <FormattedMessage id="product.downloadable.samples" defaultMessage="Samples" />
          </h2>
          <ul>
            {view.samples.map((s) => (
              <li key={s.url}>
                <a href={s.url} download>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
