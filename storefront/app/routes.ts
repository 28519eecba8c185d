import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Magento-style URLs (`women/tops.html`, `some-product.html`, `about-us`) have no fixed prefix,
// so everything that is not a named page goes through the catch-all, which asks the API's
// `route(url:)` what the URL is.
export default [
  index('routes/home.tsx'),
  route('search', 'routes/search.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/success', 'routes/checkoutSuccess.tsx'),
  route('*', 'routes/catchAll.tsx'),
] satisfies RouteConfig;
