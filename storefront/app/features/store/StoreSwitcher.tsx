import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useCartId } from '../../data/cartId';
import { useIsSignedIn } from '../../data/customerSession';
import type { StoreView } from '../../data/storeView';
import type { StoreChoices } from './storeChoices';
import styles from './StoreSwitcher.module.css';

/** A language's own name for itself, capitalised as in a list of languages ("Français", "English"). */
function languageName(locale: string): string {
  const tag = locale.replace('_', '-');
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag.split('-')[0]!) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
}

/**
 * The store (language) and currency switchers. Both work before any JavaScript: a store is a link
 * to the same page in that store (the API redirects to the page's address there), and the
 * currency is a form the server answers by setting the shopper's choice and coming back here.
 */
export function StoreSwitcher({ choices, current }: { choices: StoreChoices; current: StoreView }) {
  const intl = useIntl();
  const location = useLocation();
  const cartId = useCartId();
  const signedIn = useIsSignedIn();
  const currencyId = useId();
  const here = `${location.pathname}${location.search}`;
  const otherStores = choices.stores.filter((s) => s.code !== current.code);
  const currency = current.currency ?? choices.defaultCurrency;
  return (
    <div className={styles.switchers}>
      {otherStores.length > 0 && (
        <nav
          className={styles.stores}
          aria-label={intl.formatMessage({ id: 'store.switcher.label', defaultMessage: 'Language and store' })}
        >
          <ul className={styles.list}>
            {choices.stores.map((store) => {
              const name = languageName(store.locale);
              const tag = store.locale.replace('_', '-');
              return (
                <li key={store.code}>
                  {store.code === current.code ? (
                    <span className={styles.current} aria-current="true" lang={tag}>
                      {name}
                    </span>
                  ) : (
                    // A full page load: the other store is another React Router basename.
                    <a href={`${store.prefix}${here}`} hrefLang={tag} lang={tag} className={styles.link}>
                      {name}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
          {cartId && !signedIn && (
            <p className={styles.hint}>
              <FormattedMessage
                id="store.switcher.cartHint"
                defaultMessage="Your cart stays in this store: another store starts a new cart."
              />
            </p>
          )}
        </nav>
      )}
      {choices.currencies.length > 1 && currency && (
        <form method="post" action="/currency" className={styles.currency}>
          <label htmlFor={currencyId} className={styles.currencyLabel}>
            <FormattedMessage id="store.currency.label" defaultMessage="Currency" />
          </label>
          <select id={currencyId} name="currency" defaultValue={currency} className={styles.select}>
            {choices.currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <input type="hidden" name="return" value={`${current.prefix}${here}`} />
          {/* The choice is this store's: another store keeps its own currency. */}
          {!current.isDefault && <input type="hidden" name="store" value={current.code} />}
          <button type="submit" className={styles.apply}>
            <FormattedMessage id="store.currency.apply" defaultMessage="Change currency" />
          </button>
        </form>
      )}
    </div>
  );
}

/**
 * `hreflang` alternates of this page in every store view, and `x-default` for the default store.
 * Each is the same path under the other store's prefix, which that store answers with the page
 * itself or a permanent redirect to its own address of it.
 */
export function StoreAlternates({ choices, origin }: { choices: StoreChoices; origin: string }) {
  const location = useLocation();
  if (choices.stores.length < 2) return null;
  const path = `${location.pathname}${location.search}`;
  const fallback = choices.stores.find((s) => s.prefix === '');
  return (
    <>
      {choices.stores.map((store) => (
        <link
          key={store.code}
          rel="alternate"
          hrefLang={store.locale.replace('_', '-')}
          href={`${origin}${store.prefix}${path}`}
        />
      ))}
      {fallback && <link rel="alternate" hrefLang="x-default" href={`${origin}${path}`} />}
    </>
  );
}
