import { Search, SpellCheck, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useReducer, useRef, useState } from 'react';
import { FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Form, useLocation, useNavigate } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { Image } from '@vela/ui/Image';
import { Price } from '@vela/ui/Price';
import { Spinner } from '@vela/ui/Spinner';
import { canSuggest, comboboxReducer, initialComboboxState, keyIntent } from './comboboxState';
import { type SuggestionItem, useSearchSuggestions } from './useSearchSuggestions';
import styles from './SearchField.module.css';

function productHref(item: SuggestionItem): string {
  return `/${item.url_key ?? ''}${item.url_suffix ?? '.html'}`;
}

const didYouMean: MessageDescriptor = { id: 'search.field.didYouMean', defaultMessage: 'Did you mean “{term}”?' };

export function searchHref(term: string): string {
  return `/search?q=${encodeURIComponent(term.trim())}`;
}

/**
 * The header search: a plain GET form to /search (works before hydration and without
 * JavaScript), enhanced into an ARIA combobox with product suggestions.
 */
export function SearchField() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState(() =>
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '',
  );
  const [state, dispatch] = useReducer(comboboxReducer, initialComboboxState);
  const suggestions = useSearchSuggestions(text);

  // Options: the suggested products, the corrected searches ("Did you mean …"), then "see all
  // results" — unless the search found nothing, where "see all" would only lead to the same
  // "no products found".
  const current = suggestions.term === text.trim();
  const products = current ? suggestions.items : [];
  const corrections = current ? suggestions.corrections : [];
  const foundNothing = current && suggestions.status === 'done' && products.length === 0;
  const seeAll = !foundNothing;
  const count = products.length + corrections.length + (seeAll ? 1 : 0);
  const optionId = (index: number) => `${id}-option-${index}`;
  const listboxId = `${id}-listbox`;
  const showPopup = state.open && canSuggest(text);

  useEffect(() => dispatch({ type: 'optionsChanged', count }), [count]);

  // Navigating anywhere (a chosen option, a submitted search) closes the popup.
  useEffect(() => dispatch({ type: 'close' }), [location.key]);

  const choose = (index: number) => {
    const item = products[index];
    const correction = corrections[index - products.length];
    dispatch({ type: 'close' });
    void navigate(item ? productHref(item) : searchHref(correction ?? text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const intent = keyIntent(event.key, state, count, text);
    if (!intent) return;
    if (event.key !== 'Tab') event.preventDefault();
    if (intent.type === 'choose') choose(intent.index);
    else if (intent.type === 'clear') setText('');
    else dispatch(intent);
  };

  const term = text.trim();
  const loading = suggestions.status === 'loading';
  const noResults = foundNothing;
  const announcement = !showPopup
    ? ''
    : loading
      ? ''
      : suggestions.status === 'error'
        ? (suggestions.error ?? '')
        : suggestions.status === 'done'
          ? [
              intl.formatMessage(
                {
                  id: 'search.field.announce',
                  defaultMessage:
                    '{count, plural, =0 {No products found} one {# product suggested} other {# products suggested}}',
                },
                { count: suggestions.items.length },
              ),
              ...suggestions.corrections.map((correction) => intl.formatMessage(didYouMean, { term: correction })),
            ].join('. ')
          : '';

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget)) dispatch({ type: 'close' });
      }}
    >
      <Form
        method="get"
        action="/search"
        role="search"
        className={styles.form}
        onSubmit={() => dispatch({ type: 'close' })}
      >
        <label htmlFor={`${id}-input`} className="visually-hidden">
          <FormattedMessage id="search.field.label" defaultMessage="Search products" />
        </label>
        <div className={styles.field}>
          <input
            ref={inputRef}
            id={`${id}-input`}
            className={styles.input}
            type="search"
            name="q"
            value={text}
            required
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            placeholder={intl.formatMessage({ id: 'search.field.placeholder', defaultMessage: 'Search products…' })}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showPopup}
            aria-controls={listboxId}
            aria-activedescendant={showPopup && state.active >= 0 ? optionId(state.active) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              dispatch({ type: 'typed', text: event.target.value });
            }}
            onFocus={() => {
              if (canSuggest(text)) dispatch({ type: 'typed', text });
            }}
            onKeyDown={onKeyDown}
          />
          {loading && showPopup && <Spinner size={16} className={styles.spinner} />}
          {text && (
            <button
              type="button"
              className={styles.clear}
              aria-label={intl.formatMessage({ id: 'search.field.clear', defaultMessage: 'Clear search' })}
              onClick={() => {
                setText('');
                dispatch({ type: 'close' });
                inputRef.current?.focus();
              }}
            >
              <Icon icon={X} size={18} />
            </button>
          )}
          <button
            type="submit"
            className={styles.submit}
            aria-label={intl.formatMessage({ id: 'search.field.submit', defaultMessage: 'Search' })}
          >
            <Icon icon={Search} size={20} />
          </button>
        </div>
      </Form>

      <div className={styles.popup} hidden={!showPopup}>
        <ul
          id={listboxId}
          role="listbox"
          className={styles.listbox}
          hidden={count === 0}
          aria-label={intl.formatMessage({ id: 'search.field.suggestions', defaultMessage: 'Search suggestions' })}
        >
          {showPopup &&
            products.map((item, index) => (
              // The combobox input owns the keyboard (aria-activedescendant); options take clicks only.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={item.uid}
                id={optionId(index)}
                role="option"
                aria-selected={state.active === index}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => state.active !== index && dispatch({ type: 'hover', index })}
                onClick={() => choose(index)}
              >
                {item.thumbnail?.url ? (
                  <Image
                    className={styles.thumb}
                    src={item.thumbnail.url}
                    alt=""
                    width={48}
                    height={60}
                    widths={[48, 96]}
                  />
                ) : (
                  <span className={styles.thumb} />
                )}
                <span className={styles.name}>{item.name}</span>
                {item.price_range.minimum_price.final_price.value != null &&
                  item.price_range.minimum_price.final_price.currency && (
                    <Price
                      className={styles.price}
                      value={item.price_range.minimum_price.final_price.value}
                      currency={item.price_range.minimum_price.final_price.currency}
                    />
                  )}
              </li>
            ))}
          {showPopup &&
            corrections.map((correction, offset) => {
              const index = products.length + offset;
              return (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- as above: the input owns the keyboard
                <li
                  key={`correction-${correction}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={state.active === index}
                  className={`${styles.option} ${styles.all}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => state.active !== index && dispatch({ type: 'hover', index })}
                  onClick={() => choose(index)}
                >
                  <Icon icon={SpellCheck} size={18} />
                  <span className={styles.name}>{intl.formatMessage(didYouMean, { term: correction })}</span>
                </li>
              );
            })}
          {showPopup && seeAll && (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- as above: the input owns the keyboard
            <li
              id={optionId(count - 1)}
              role="option"
              aria-selected={state.active === count - 1}
              className={`${styles.option} ${styles.all}`}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => state.active !== count - 1 && dispatch({ type: 'hover', index: count - 1 })}
              onClick={() => choose(count - 1)}
            >
              <Icon icon={Search} size={18} />
              <span className={styles.name}>
                {suggestions.status === 'done' &&
                suggestions.term === term &&
                suggestions.total > suggestions.items.length ? (
                  <FormattedMessage
                    id="search.field.seeAllCount"
                    defaultMessage="See all {count, number} results for “{term}”"
                    values={{ count: suggestions.total, term }}
                  />
                ) : (
                  <FormattedMessage
                    id="search.field.seeAll"
                    defaultMessage="See all results for “{term}”"
                    values={{ term }}
                  />
                )}
              </span>
            </li>
          )}
        </ul>
        {showPopup && loading && suggestions.items.length === 0 && (
          <p className={styles.note}>
            <FormattedMessage id="search.field.loading" defaultMessage="Searching…" />
          </p>
        )}
        {showPopup && noResults && (
          <p className={styles.note}>
            <FormattedMessage
              id="search.field.noResults"
              defaultMessage="No products found for “{term}”."
              values={{ term }}
            />
          </p>
        )}
        {showPopup && suggestions.status === 'error' && <p className={styles.note}>{suggestions.error}</p>}
      </div>
      <div role="status" className="visually-hidden">
        {announcement}
      </div>
    </div>
  );
}
