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
  route('account/signin', 'routes/signIn.tsx'),
  route('account/create', 'routes/createAccount.tsx'),
  route('account/forgotpassword', 'routes/forgotPassword.tsx'),
  // The path the password reset e-mail links to (Magento's own).
  route('customer/account/createPassword', 'routes/resetPassword.tsx'),
  route('account', 'routes/account.tsx', [
    index('routes/accountIndex.tsx'),
    route('information', 'routes/accountInformation.tsx'),
    route('addresses', 'routes/accountAddresses.tsx'),
    route('orders', 'routes/accountOrders.tsx'),
    route('orders/:number', 'routes/accountOrder.tsx'),
    route('newsletter', 'routes/accountNewsletter.tsx'),
    route('payments', 'routes/accountPayments.tsx'),
    route('downloads', 'routes/accountDownloads.tsx'),
  ]),
  route('wishlist', 'routes/wishlist.tsx'),
  route('compare', 'routes/compare.tsx'),
  route('contact', 'routes/contact.tsx'),
  // Magento's "Orders and Returns" address.
  route('sales/guest/form', 'routes/guestOrder.tsx'),
  route('*', 'routes/catchAll.tsx'),
] satisfies RouteConfig;
