import { useQuery } from '@apollo/client/react';
import type { ComponentProps } from 'react';
import { usePreparedQuery } from '../../data/preparedQuery';
import { Breadcrumbs, type Crumb } from '@vela/ui/Breadcrumbs';
import { useIntl } from 'react-intl';
import { CatalogCategoryQuery } from './categoryQuery';
import { categoryPath } from './catalogUrls';
import { CatalogGridConfigQuery } from './listingQueries';
import type { CategoryPageData } from './loadCategoryPage';
import { ProductListing } from './ProductListing';
import styles from './CategoryPage.module.css';

type CategoryPageProps = CategoryPageData & {
  kind?: 'category';
  /** Passed through to the listing's cards. */
  renderCardActions?: ComponentProps<typeof ProductListing>['renderCardActions'];
};

export function CategoryPage({ uid, listing, renderCardActions }: CategoryPageProps) {
  const intl = useIntl();
  usePreparedQuery(CatalogCategoryQuery, { uid });
  const { data } = useQuery(CatalogCategoryQuery, { variables: { uid }, fetchPolicy: 'cache-first' });
  const { data: config } = useQuery(CatalogGridConfigQuery, { fetchPolicy: 'cache-first' });
  const category = data?.categories?.items?.[0];
  if (!category) return null;
  const suffix = config?.storeConfig?.category_url_suffix;

  const crumbs: Crumb[] = [
    { label: intl.formatMessage({ id: 'catalog.breadcrumbs.home', defaultMessage: 'Home' }), to: '/' },
    ...[...(category.breadcrumbs ?? [])]
      .filter((crumb) => crumb !== null)
      .sort((a, b) => (a.category_level ?? 0) - (b.category_level ?? 0))
      .map((crumb) => ({
        label: crumb.category_name ?? '',
        to: categoryPath({ url_path: crumb.category_url_path }, suffix),
      })),
    { label: category.name ?? '' },
  ];

  return (
    <div className={`container ${styles.page}`}>
      <Breadcrumbs items={crumbs} />
      <header className={styles.header}>
        <h1 className={styles.title}>{category.name}</h1>
        {category.description && (
          // Category descriptions are HTML the merchant writes in the admin, as in Magento.
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: category.description }} />
        )}
      </header>
      {listing && <ProductListing listing={listing} renderCardActions={renderCardActions} />}
    </div>
  );
}
