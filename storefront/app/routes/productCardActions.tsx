import type { ProductCardActions } from '../features/catalog/ProductCard';
import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import type { CardProductLike } from '../features/cart/CardAddToCart';
import { WithCompareToggle } from '../features/compare/CompareToggle';
import { WishlistHeart } from '../features/wishlist/WishlistHeart';

/** What a product card offers wherever a listing shows it: the wish-list heart, compare and quick add. */
export function renderProductCardActions(product: CardProductLike & { uid?: string | null }): ProductCardActions {
  const heart = <WishlistHeart sku={product.sku ?? ''} name={product.name ?? undefined} />;
  return {
    onImage: product.uid ? (
      <WithCompareToggle uid={product.uid} name={product.name ?? ''}>
        {heart}
      </WithCompareToggle>
    ) : (
      heart
    ),
    below: renderCardAddToCart(product),
  };
}
