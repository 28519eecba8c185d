import { ArrowRight } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Icon } from '@vela/ui/Icon';
import { Image } from '@vela/ui/Image';
import styles from './FeaturedCategories.module.css';
import type { MenuItem } from './menuTree';

interface FeaturedCategoriesProps {
  /** The store's top categories (the shell's menu), in menu order. */
  categories: readonly MenuItem[];
  title: string;
  /** Most tiles to show. */
  limit?: number;
}

// Category pictures are 4:5, like product images; the tile crops them to its own shape.
const IMAGE_WIDTH = 320;
const IMAGE_HEIGHT = 400;

/** Entry tiles into the catalog for the home page: the category's picture, its name and a way in. */
export function FeaturedCategories({ categories, title, limit = 8 }: FeaturedCategoriesProps) {
  if (categories.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="featured-categories-title">
      <h2 id="featured-categories-title" className={styles.title}>
        {title}
      </h2>
      <ul className={styles.grid}>
        {categories.slice(0, limit).map((category, index) => (
          <li key={category.uid}>
            <Link to={category.url} className={styles.tile} data-tone={index % 4}>
              {category.image && (
                <Image
                  className={styles.image}
                  src={category.image}
                  alt=""
                  width={IMAGE_WIDTH}
                  height={IMAGE_HEIGHT}
                  widths={[160, 240, 320, 480]}
                  sizes="(min-width: 768px) 22vw, 45vw"
                />
              )}
              <span className={styles.label}>
                <span className={styles.name}>{category.name}</span>
                {category.children.length > 0 && (
                  <span className={styles.count}>
                    <FormattedMessage
                      id="navigation.featured.subcategories"
                      defaultMessage="{count, plural, one {# collection} other {# collections}}"
                      values={{ count: category.children.length }}
                    />
                  </span>
                )}
              </span>
              <Icon icon={ArrowRight} className={styles.arrow} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
