// The front door of domains/cart: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { priceCart, type AppliedTax, type PricedCart } from './cartPricingService';
export { CartUserError, resolveCartProduct, type CartItemRequest } from './cartProductService';
export {
  closeOrderedCart,
  createCustomerCart,
  deleteCustomerCarts,
  enterCartScope,
  loadProductsById,
  loadVariantOptions,
  moveCartItems,
  reopenOrderedCart,
  requireActiveCart,
  setCustomerCartEmail,
  touchCart,
  type VariantOption,
} from './cartRecords';
export { createCartService, type CartService } from './cartService';
export { discountView, shippingMethodView } from './cartView';
export { cachedSettings, liveSettings, type PricingSettingsSource } from './pricingSettingsService';
export { giftMessageView } from './giftMessageService';
export { cartHasNothingToShip, NOTHING_TO_SHIP } from './virtualCart';
