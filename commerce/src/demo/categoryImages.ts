import type { CategoryTable } from '../db/tables';
import { demoProductImagePath } from './productImage';

// Each top category's picture for the home page's tiles: one of the demo illustrations of what
// it sells, from the front (view 1), in a colour of its own so the tiles read as a set.
const TOP_CATEGORY_IMAGES: Record<string, string> = {
  women: demoProductImagePath('dress', 'c9826b', 1),
  men: demoProductImagePath('jacket', '3e5641', 1),
  kids: demoProductImagePath('hoodie', 'e0a83e', 1),
  shoes: demoProductImagePath('sneaker', 'f2efe8', 1),
  'bags-accessories': demoProductImagePath('backpack', '8a5a3c', 1),
  home: demoProductImagePath('lamp', 'd9c7a7', 1),
  kitchen: demoProductImagePath('mug', '5b7fa3', 1),
  outdoor: demoProductImagePath('boot', '6b4a2e', 1),
  sale: demoProductImagePath('scarf', 'b91c1c', 1),
};

/** The demo categories with their tile pictures; deeper categories keep none. */
export function withCategoryImages(categories: readonly CategoryTable[]): CategoryTable[] {
  return categories.map((category) =>
    category.level === 2 && TOP_CATEGORY_IMAGES[category.url_key]
      ? { ...category, image: TOP_CATEGORY_IMAGES[category.url_key] ?? null }
      : category,
  );
}
