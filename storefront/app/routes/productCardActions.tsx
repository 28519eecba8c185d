import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import type { CardProductLike } from '../features/cart/CardAddToCart';
import { WithWishlistHeart } from '../features/wishlist/WishlistHeart';

/** What a product card offers wherever a listing shows it: the wish-list heart and quick add. */
export function renderProductCardActions(product: CardProductLike) {
  return (
    <WithWishlistHeart sku={product.sku ?? ''} name={product.name ?? undefined}>
      {renderCardAddToCart(product)}
    </WithWishlistHeart>
  );
}
