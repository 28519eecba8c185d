import type { ProductCardActions } from '../features/catalog/ProductCard';
import { renderCardAddToCart } from '../features/cart/CardAddToCart';
import type { CardProductLike } from '../features/cart/CardAddToCart';
import { WishlistHeart } from '../features/wishlist/WishlistHeart';

/** What a product card offers wherever a listing shows it: the wish-list heart and quick add. */
export function renderProductCardActions(product: CardProductLike): ProductCardActions {
  return {
    onImage: <WishlistHeart sku={product.sku ?? ''} name={product.name ?? undefined} />,
    below: renderCardAddToCart(product),
  };
}
