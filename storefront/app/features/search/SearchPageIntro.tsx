import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
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

export interface CategoryLink {
  name: string;
  /** Storefront path, e.g. `/women.html`. */
  url: string;
}

/** When a search finds nothing at all: what to try instead, and the shop's main categories. */
export function NoSearchResults({ term, categories = [] }: { term: string; categories?: readonly CategoryLink[] }) {
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
      {categories.length > 0 && (
        <nav aria-labelledby="search-none-categories" className={styles.categories}>
          <h2 id="search-none-categories" className={styles.categoriesTitle}>
            <FormattedMessage id="search.page.popularCategories" defaultMessage="Popular categories" />
          </h2>
          <ul className={styles.categoryList}>
            {categories.map((category) => (
              <li key={category.url}>
                <Link to={category.url}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
