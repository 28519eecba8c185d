import { FormattedMessage, useIntl } from 'react-intl';
import { searchMessages } from './searchMessages';
import styles from './SearchPageIntro.module.css';

/** The heading of the search page: the query when there is one, a prompt when there is none. */
export function SearchPageIntro({ term }: { term: string }) {
  const intl = useIntl();
  return (
    <header className={styles.intro}>
      <h1 className={styles.title}>
        {term ? intl.formatMessage(searchMessages.resultsTitle, { term }) : intl.formatMessage(searchMessages.title)}
      </h1>
      {!term && (
        <p className={styles.prompt}>
          <FormattedMessage
            id="search.page.prompt"
            defaultMessage="Type what you are looking for in the search field above: a product name, a colour or a material."
          />
        </p>
      )}
    </header>
  );
}

/** When a search finds nothing at all: what to try instead. */
export function NoSearchResults({ term }: { term: string }) {
  return (
    <div className={styles.none}>
      <p className={styles.noneTitle}>
        <FormattedMessage
          id="search.page.noResults"
          defaultMessage="We found no products for “{term}”."
          values={{ term }}
        />
      </p>
      <ul className={styles.tips}>
        <li>
          <FormattedMessage id="search.page.tipSpelling" defaultMessage="Check the spelling." />
        </li>
        <li>
          <FormattedMessage
            id="search.page.tipFewer"
            defaultMessage="Use fewer or more general words, such as “shirt” instead of “linen shirt”."
          />
        </li>
        <li>
          <FormattedMessage id="search.page.tipBrowse" defaultMessage="Browse the categories in the menu." />
        </li>
      </ul>
    </div>
  );
}
