import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import type { CatalogFeaturedQueryVariables, CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { describeError } from '../../data/errors';
import { Skeleton } from '@vela/ui/Skeleton';
import { CatalogFeaturedQuery } from './featuredQuery';
import { ProductCard, type ProductCardActions } from './ProductCard';
import styles from './FeaturedProducts.module.css';

interface FeaturedProductsProps {
  variables: CatalogFeaturedQueryVariables | null;
  title: string;
  /** The route's card actions (heart, quick add), as in listings. */
  renderCardActions?: (product: CatalogProductCardFieldsFragment) => ProductCardActions;
}

/** A row of products for the home page: a swipeable strip on phones, a grid on wider screens. */
export function FeaturedProducts({ variables, title, renderCardActions }: FeaturedProductsProps) {
  const headingId = useId();
  const { data, loading, error } = useQuery(CatalogFeaturedQuery, {
    variables: variables ?? { filter: {}, pageSize: 0 },
    skip: !variables,
    fetchPolicy: 'cache-first',
  });
  if (!variables) return null;
  const items = (data?.products?.items ?? []).filter((item) => item !== null);
  if (!loading && !error && items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {error && items.length === 0 ? (
        <p role="alert" className={styles.error}>
          {describeError(error).message}
        </p>
      ) : (
        <ul className={styles.row}>
          {loading && items.length === 0
            ? Array.from({ length: 4 }, (_, index) => (
                <li key={index} className={styles.item}>
                  <Skeleton aspectRatio="4 / 5" />
                  <Skeleton shape="text" width="70%" />
                </li>
              ))
            : items.map((product) => (
                <li key={product.uid} className={styles.item}>
                  <ProductCard
                    product={product}
                    sizes="(min-width: 960px) 25vw, 45vw"
                    actions={renderCardActions?.(product)}
                  />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
