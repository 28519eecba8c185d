import { useId } from 'react';
import type { CatalogProductCardFieldsFragment } from '../../__generated__/graphql';
import { ProductCard, type ProductCardActions } from './ProductCard';
import styles from './FeaturedProducts.module.css';

interface ProductStripProps {
  products: readonly CatalogProductCardFieldsFragment[];
  title: string;
  /** The route's card actions (heart, quick add), as in listings. */
  renderCardActions?: (product: CatalogProductCardFieldsFragment) => ProductCardActions;
}

/**
 * A row of products the page already has (related products, a cart's cross-sells): the featured
 * row's strip and cards, without a request of its own, so it is in the server's HTML.
 */
export function ProductStrip({ products, title, renderCardActions }: ProductStripProps) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      <ul className={styles.row}>
        {products.map((product) => (
          <li key={product.uid} className={styles.item}>
            <ProductCard
              product={product}
              sizes="(min-width: 960px) 25vw, 45vw"
              actions={renderCardActions?.(product)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
