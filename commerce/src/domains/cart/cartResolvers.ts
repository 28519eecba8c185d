import type {
  CartItemsV2Args,
  MutationAddBundleProductsToCartArgs,
  MutationAddDownloadableProductsToCartArgs,
  MutationAddConfigurableProductsToCartArgs,
  MutationAddProductsToCartArgs,
  MutationAddSimpleProductsToCartArgs,
  MutationAddVirtualProductsToCartArgs,
  MutationApplyCouponToCartArgs,
  MutationCreateEmptyCartArgs,
  MutationCreateGuestCartArgs,
  MutationRemoveCouponFromCartArgs,
  MutationRemoveItemFromCartArgs,
  MutationUpdateCartItemsArgs,
  QueryCartArgs,
} from '../../__generated__/resolvers';
import type { RequestContext } from '../context';
import { alreadyExistsError, inputError } from '../errors';
import { giftMessageView } from './giftMessageService';
import { money } from '../../kernel/money';
import { encodeUid } from '../../kernel/uids';
import { configurableOptionValueUid } from '../../kernel/uids';
import type { StoredAddress } from '../address';
import type { PricedCart, PricedLine } from './cartPricingService';
import { downloadableSamplesView, isVirtualCart, isVirtualType } from '../catalog';
import { discountView, selectedCustomizableOptionView, shippingMethodView } from './cartView';
import { selectedBundleOptionsView } from './bundleCartView';
import { downloadableCartLinksView } from './downloadableCartView';

// Resolvers shape PricedCart (minor units) into Magento's types; every number was computed by
// the services, none is taken from the client.

type LineView = PricedLine & { currency: string };
type AddressView = { address: StoredAddress; cart: PricedCart; kind: 'shipping' | 'billing' };

function requireCartId(value: string | null | undefined): string {
  if (!value || !value.trim()) throw inputError('Required parameter "cart_id" is missing');
  return value.trim();
}

function linesOf(cart: PricedCart): LineView[] {
  return cart.lines.map((l) => ({ ...l, currency: cart.currency }));
}

const taxBeforeDiscount = (l: PricedLine) => l.rowTotalInclTax - l.rowTotal;

// Every property Magento sorts cart lines by. One currency throughout, so BASE_* equal their
// counterparts. Some properties have one value for every line here, so sorting by them keeps
// the lines' order: lines carry no description (as in Magento, where it is empty) and products
// no weight; there are no custom (admin-set) prices; tax is charged on the discounted row, so
// no tax is compensated for discounts; and free shipping applies to the whole cart or to none.
const SORT_KEYS: Record<string, (l: PricedLine) => number | string> = {
  ITEM_ID: (l) => l.item.id,
  CREATED_AT: (l) => l.item.created_at,
  UPDATED_AT: (l) => l.item.created_at,
  PRODUCT_ID: (l) => l.product.id,
  SKU: (l) => l.stockProduct.sku,
  NAME: (l) => l.product.name,
  DESCRIPTION: () => '',
  WEIGHT: () => 0,
  QTY: (l) => l.item.quantity,
  PRICE: (l) => l.unitPrice,
  BASE_PRICE: (l) => l.unitPrice,
  CUSTOM_PRICE: () => 0,
  ORIGINAL_CUSTOM_PRICE: () => 0,
  DISCOUNT_PERCENT: (l) => (l.rowTotal > 0 ? l.discount / l.rowTotal : 0),
  DISCOUNT_AMOUNT: (l) => l.discount,
  BASE_DISCOUNT_AMOUNT: (l) => l.discount,
  TAX_PERCENT: (l) => (l.rowTotal > 0 ? taxBeforeDiscount(l) / l.rowTotal : 0),
  TAX_AMOUNT: (l) => l.tax,
  BASE_TAX_AMOUNT: (l) => l.tax,
  ROW_TOTAL: (l) => l.rowTotal,
  BASE_ROW_TOTAL: (l) => l.rowTotal,
  ROW_TOTAL_WITH_DISCOUNT: (l) => l.rowTotal - l.discount,
  ROW_WEIGHT: () => 0,
  PRODUCT_TYPE: (l) => l.product.type,
  TAX_BEFORE_DISCOUNT: taxBeforeDiscount,
  BASE_TAX_BEFORE_DISCOUNT: taxBeforeDiscount,
  PRICE_INC_TAX: (l) => l.unitPriceInclTax,
  BASE_PRICE_INC_TAX: (l) => l.unitPriceInclTax,
  ROW_TOTAL_INC_TAX: (l) => l.rowTotalInclTax,
  BASE_ROW_TOTAL_INC_TAX: (l) => l.rowTotalInclTax,
  DISCOUNT_TAX_COMPENSATION_AMOUNT: () => 0,
  BASE_DISCOUNT_TAX_COMPENSATION_AMOUNT: () => 0,
  FREE_SHIPPING: () => 0,
};

const lineFields = {
  uid: (l: LineView) => encodeUid(l.item.id),
  id: (l: LineView) => String(l.item.id),
  product: (l: LineView, _args: unknown, context: RequestContext) => context.loaders.localizedOne(l.product),
  quantity: (l: LineView) => l.item.quantity,
  gift_message: (l: LineView) => giftMessageView(l.item.gift_message),
  is_available: (l: LineView) => l.stockError === null,
  customizable_options: (l: LineView) => l.customOptions.map((c) => selectedCustomizableOptionView(c, l.currency)),
  errors: (l: LineView) => (l.stockError ? [{ code: 'ITEM_QTY', message: l.stockError }] : []),
  prices: (l: LineView) => ({
    price: money(l.unitPrice, l.currency),
    price_including_tax: money(l.unitPriceInclTax, l.currency),
    row_total: money(l.rowTotal, l.currency),
    row_total_including_tax: money(l.rowTotalInclTax, l.currency),
    total_item_discount: money(l.discount, l.currency),
    fixed_product_taxes: [], // there are no fixed product taxes
    discounts: l.discounts.map((d) => discountView(d, l.currency)),
  }),
};

const addressFields = {
  uid: (a: AddressView) => encodeUid(`${a.kind}/${a.cart.cart.id}`),
  firstname: (a: AddressView) => a.address.firstname,
  lastname: (a: AddressView) => a.address.lastname,
  middlename: (a: AddressView) => a.address.middlename,
  prefix: (a: AddressView) => a.address.prefix,
  suffix: (a: AddressView) => a.address.suffix,
  company: (a: AddressView) => a.address.company,
  street: (a: AddressView) => a.address.street,
  city: (a: AddressView) => a.address.city,
  postcode: (a: AddressView) => a.address.postcode,
  telephone: (a: AddressView) => a.address.telephone,
  fax: (a: AddressView) => a.address.fax,
  vat_id: (a: AddressView) => a.address.vat_id,
  country: (a: AddressView) => ({ code: a.address.country_code, label: a.address.country_name }),
  region: (a: AddressView) =>
    a.address.region_id === null && a.address.region === null
      ? null
      : { code: a.address.region_code, label: a.address.region, region_id: a.address.region_id },
  custom_attributes: () => [],
};

export const cartResolvers = {
  Query: {
    cart: (_root: unknown, args: QueryCartArgs, context: RequestContext) =>
      context.services.carts.priced(requireCartId(args.cart_id)),
  },
  Mutation: {
    // As in Magento: a signed-in customer has one cart, customerCart, and is sent there.
    createGuestCart: async (_root: unknown, args: MutationCreateGuestCartArgs, context: RequestContext) => {
      if ((await context.auth.customerId()) !== null)
        throw alreadyExistsError('Use `Query.customerCart` for logged in customer.');
      return { cart: await context.services.carts.create(args.input?.cart_uid, context.store) };
    },
    // As in Magento: with a customer's token, the customer's active cart (made if there is none).
    createEmptyCart: async (_root: unknown, args: MutationCreateEmptyCartArgs, context: RequestContext) => {
      const customerId = await context.auth.customerId();
      if (customerId !== null)
        return (await context.services.customerCarts.customerCart(customerId, context.store)).cart.id;
      return (await context.services.carts.create(args.input?.cart_id, context.store)).cart.id;
    },
    addProductsToCart: async (_root: unknown, args: MutationAddProductsToCartArgs, context: RequestContext) => {
      const { cart, userErrors } = await context.services.carts.addProducts(requireCartId(args.cartId), args.cartItems);
      return { cart, user_errors: userErrors };
    },
    updateCartItems: async (_root: unknown, args: MutationUpdateCartItemsArgs, context: RequestContext) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      if (args.input.cart_items.length === 0) throw inputError('Required parameter "cart_items" is missing.');
      return {
        cart: await context.services.carts.updateItems(requireCartId(args.input.cart_id), args.input.cart_items),
      };
    },
    removeItemFromCart: async (_root: unknown, args: MutationRemoveItemFromCartArgs, context: RequestContext) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      return { cart: await context.services.carts.removeItem(requireCartId(args.input.cart_id), args.input) };
    },
    applyCouponToCart: async (_root: unknown, args: MutationApplyCouponToCartArgs, context: RequestContext) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      return {
        cart: await context.services.carts.applyCoupon(
          requireCartId(args.input.cart_id),
          args.input.coupon_code,
          context.client,
        ),
      };
    },
    // Magento's older add mutations: the same service as addProductsToCart, but a bad line
    // refuses the whole request with an error instead of a user error.
    addSimpleProductsToCart: async (
      _root: unknown,
      args: MutationAddSimpleProductsToCartArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      const requests = args.input.cart_items.map((line) => {
        if (!line) throw inputError('Required parameter "cart_items" is missing');
        return { ...line.data, customizable_options: line.customizable_options };
      });
      const { cart } = await context.services.carts.addProducts(requireCartId(args.input.cart_id), requests, {
        allOrNothing: true,
      });
      return { cart };
    },
    addVirtualProductsToCart: async (
      _root: unknown,
      args: MutationAddVirtualProductsToCartArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      const requests = args.input.cart_items.map((line) => {
        if (!line) throw inputError('Required parameter "cart_items" is missing');
        return { ...line.data, customizable_options: line.customizable_options };
      });
      const { cart } = await context.services.carts.addProducts(requireCartId(args.input.cart_id), requests, {
        allOrNothing: true,
      });
      return { cart };
    },
    addConfigurableProductsToCart: async (
      _root: unknown,
      args: MutationAddConfigurableProductsToCartArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      const requests = args.input.cart_items.map((line) => {
        if (!line) throw inputError('Required parameter "cart_items" is missing');
        return {
          ...line.data,
          sku: line.variant_sku ?? line.data.sku,
          parent_sku: line.parent_sku ?? line.data.parent_sku,
          customizable_options: line.customizable_options,
        };
      });
      const { cart } = await context.services.carts.addProducts(requireCartId(args.input.cart_id), requests, {
        allOrNothing: true,
      });
      return { cart };
    },
    addDownloadableProductsToCart: async (
      _root: unknown,
      args: MutationAddDownloadableProductsToCartArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      const requests = args.input.cart_items.map((line) => {
        if (!line) throw inputError('Required parameter "cart_items" is missing');
        return {
          ...line.data,
          customizable_options: line.customizable_options,
          downloadable_product_links: line.downloadable_product_links,
        };
      });
      const { cart } = await context.services.carts.addProducts(requireCartId(args.input.cart_id), requests, {
        allOrNothing: true,
      });
      return { cart };
    },
    addBundleProductsToCart: async (
      _root: unknown,
      args: MutationAddBundleProductsToCartArgs,
      context: RequestContext,
    ) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      const requests = args.input.cart_items.map((line) => {
        if (!line) throw inputError('Required parameter "cart_items" is missing');
        return { ...line.data, customizable_options: line.customizable_options, bundle_options: line.bundle_options };
      });
      const { cart } = await context.services.carts.addProducts(requireCartId(args.input.cart_id), requests, {
        allOrNothing: true,
      });
      return { cart };
    },
    removeCouponFromCart: async (_root: unknown, args: MutationRemoveCouponFromCartArgs, context: RequestContext) => {
      if (!args.input) throw inputError('Required parameter "cart_id" is missing');
      return { cart: await context.services.carts.removeCoupon(requireCartId(args.input.cart_id)) };
    },
  },
  Cart: {
    id: (c: PricedCart) => c.cart.id,
    email: (c: PricedCart) => c.cart.email,
    items: (c: PricedCart) => linesOf(c),
    itemsV2: (c: PricedCart, args: CartItemsV2Args) => {
      // The schema fills the defaults; an explicit null counts as 0 and is refused below.
      const pageSize = Number(args.pageSize);
      const currentPage = Number(args.currentPage);
      if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
      if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
      const lines = linesOf(c);
      const key = args.sort ? SORT_KEYS[args.sort.field] : undefined;
      if (key) {
        const direction = args.sort?.order === 'DESC' ? -1 : 1;
        lines.sort((a, b) => (key(a) < key(b) ? -direction : key(a) > key(b) ? direction : 0));
      }
      const start = (currentPage - 1) * pageSize;
      return {
        items: lines.slice(start, start + pageSize),
        total_count: lines.length,
        page_info: {
          current_page: currentPage,
          page_size: pageSize,
          total_pages: Math.ceil(lines.length / pageSize),
        },
      };
    },
    total_quantity: (c: PricedCart) => c.totalQuantity,
    gift_message: (c: PricedCart) => giftMessageView(c.cart.gift_message),
    // The mini cart's count: units, or lines when the shop says so (Magento's checkout/cart_link/use_qty).
    total_summary_quantity_including_config: async (c: PricedCart, _args: unknown, context: RequestContext) =>
      (await context.services.store.config(context.store)).cart_summary_display_quantity === '0'
        ? c.lines.length
        : c.totalQuantity,
    // Magento's Quote::isVirtual: every line is a product with nothing to ship.
    is_virtual: (c: PricedCart) => isVirtualCart(c.lines),
    applied_coupon: (c: PricedCart) => (c.cart.coupon_code ? { code: c.cart.coupon_code } : null),
    applied_coupons: (c: PricedCart) => (c.cart.coupon_code ? [{ code: c.cart.coupon_code }] : null),
    prices: (c: PricedCart) => {
      const m = (minor: number) => money(minor, c.currency);
      return {
        subtotal_excluding_tax: m(c.subtotal),
        subtotal_including_tax: m(c.subtotalInclTax),
        subtotal_with_discount_excluding_tax: m(c.subtotal - c.discountTotal),
        grand_total: m(c.grandTotal),
        applied_taxes: c.taxes.map((t) => ({ amount: m(t.amount), label: t.label })),
        discounts: c.discounts.map((d) => discountView(d, c.currency)),
        discount:
          c.discounts.length > 0 ? { amount: m(c.discountTotal), label: c.discounts.map((d) => d.label) } : null,
      };
    },
    shipping_addresses: (c: PricedCart): AddressView[] =>
      c.shippingAddress ? [{ address: c.shippingAddress, cart: c, kind: 'shipping' }] : [],
    billing_address: (c: PricedCart): AddressView | null =>
      c.billingAddress ? { address: c.billingAddress, cart: c, kind: 'billing' } : null,
    available_payment_methods: (c: PricedCart) => c.paymentMethods.map((p) => ({ ...p, is_deferred: false })),
    selected_payment_method: (c: PricedCart) => {
      const method = c.paymentMethods.find((p) => p.code === c.cart.payment_method);
      return method
        ? { code: method.code, title: method.title, purchase_order_number: c.cart.purchase_order_number }
        : { code: '', title: '', purchase_order_number: null };
    },
  },
  CartItemInterface: {
    __resolveType: (l: LineView) =>
      l.product.type === 'bundle'
        ? 'BundleCartItem'
        : l.product.type === 'downloadable'
          ? 'DownloadableCartItem'
          : l.variant
            ? 'ConfigurableCartItem'
            : isVirtualType(l.product.type)
              ? 'VirtualCartItem'
              : 'SimpleCartItem',
  },
  SimpleCartItem: lineFields,
  BundleCartItem: {
    ...lineFields,
    bundle_options: (l: LineView) => selectedBundleOptionsView(l.bundleOptions, l.currency),
  },
  // Like a virtual line, no gift message: nothing is shipped.
  DownloadableCartItem: {
    ...(({ gift_message: _giftMessage, ...fields }) => fields)(lineFields),
    links: (l: LineView, _args: unknown, context: RequestContext) => downloadableCartLinksView(l, context),
    samples: async (l: LineView, _args: unknown, context: RequestContext) =>
      downloadableSamplesView((await context.loaders.downloadables.load(l.product.id)) ?? undefined, (p) =>
        context.services.urls.absolute(p),
      ),
  },
  // Magento's VirtualCartItem has no gift message: there is no parcel to put it in.
  VirtualCartItem: (({ gift_message: _giftMessage, ...fields }) => fields)(lineFields),
  ConfigurableCartItem: {
    ...lineFields,
    configured_variant: (l: LineView, _args: unknown, context: RequestContext) =>
      l.variant && context.loaders.localizedOne(l.variant),
    configurable_options: (l: LineView) =>
      l.options.map((o) => ({
        configurable_product_option_uid: encodeUid(`configurable/${l.product.id}/${o.attributeCode}`),
        configurable_product_option_value_uid: configurableOptionValueUid(o.attributeCode, o.valueId),
        id: o.attributeId,
        option_label: o.attributeLabel,
        value_id: o.valueId,
        value_label: o.valueLabel,
      })),
  },
  CartAddressInterface: {
    __resolveType: (a: AddressView) => (a.kind === 'shipping' ? 'ShippingCartAddress' : 'BillingCartAddress'),
  },
  ShippingCartAddress: {
    ...addressFields,
    customer_notes: (a: AddressView) => a.address.customer_notes ?? null,
    cart_items: (a: AddressView) => a.cart.lines.map((l) => ({ cart_item_id: l.item.id, quantity: l.item.quantity })),
    // Products carry no weight in this catalog (SimpleProduct.weight is null too).
    items_weight: () => null,
    cart_items_v2: (a: AddressView) => linesOf(a.cart),
    available_shipping_methods: (a: AddressView) =>
      a.cart.shippingMethods.map((m) => shippingMethodView(m, a.cart.currency)),
    selected_shipping_method: (a: AddressView) =>
      a.cart.selectedShipping ? shippingMethodView(a.cart.selectedShipping, a.cart.currency) : null,
  },
  BillingCartAddress: {
    ...addressFields,
    // Notes belong to the shipping address only (Magento's reason for deprecating this field).
    customer_notes: () => null,
  },
};
