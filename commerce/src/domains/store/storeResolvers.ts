import type { GraphQLOutputType, GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../context';
import { BRAINTREE_APPLE_PAY_CODE, BRAINTREE_GOOGLE_PAY_CODE, BRAINTREE_METHOD_CODE } from '../payment';

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/** Stored values are strings; the schema decides whether a field is a number or a flag. */
// Unwrapped structurally rather than with graphql's isObjectType, which refuses types built by
// another copy of the graphql package (see domains/errors.ts).
interface NamedShape {
  name?: string;
  ofType?: NamedShape | null;
  getFields?: () => Record<string, { type: GraphQLOutputType }>;
}

function namedType(type: GraphQLOutputType): NamedShape {
  let current = type as NamedShape;
  while (current.ofType) current = current.ofType;
  return current;
}

function typedConfig(values: Record<string, string>, info: GraphQLResolveInfo): Record<string, unknown> {
  const type = namedType(info.returnType);
  if (typeof type.getFields !== 'function') return values;
  const result: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(type.getFields())) {
    const raw = values[name];
    if (raw === undefined) {
      result[name] = null;
      continue;
    }
    const kind = namedType(field.type).name;
    if (kind === 'Int') result[name] = raw === '' ? null : Number.parseInt(raw, 10);
    else if (kind === 'Float') result[name] = raw === '' ? null : Number(raw);
    else if (kind === 'Boolean') result[name] = raw === '1' || raw === 'true';
    else result[name] = raw;
  }
  return result;
}

export const storeResolvers = {
  Query: {
    storeConfig: async (_root: unknown, _args: unknown, context: RequestContext, info: GraphQLResolveInfo) =>
      typedConfig(await context.services.store.config(context.store), info),
    // Every view is in the current group, since there is one group.
    availableStores: async (_root: unknown, _args: unknown, context: RequestContext, info: GraphQLResolveInfo) =>
      (await context.services.store.availableStores()).map((config) => typedConfig(config, info)),
    robotsConfig: (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.store.robots(context.store),
    recaptchaV3Config: (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.store.recaptchaV3(context.store),
    searchTerm: (_root: unknown, args: { Search?: string | null }, context: RequestContext) =>
      context.services.store.searchTerm(context.store, args.Search),
    currency: async (_root: unknown, _args: unknown, context: RequestContext) => {
      const { base, display, available, rates } = await context.services.store.currency(context.store);
      return {
        base_currency_code: base,
        base_currency_symbol: CURRENCY_SYMBOLS[base] ?? base,
        default_display_currency_code: display,
        default_display_currency_symbol: CURRENCY_SYMBOLS[display] ?? display,
        default_display_currecy_code: display,
        default_display_currecy_symbol: CURRENCY_SYMBOLS[display] ?? display,
        available_currency_codes: available,
        exchange_rates: rates,
      };
    },
  },
  StoreConfig: {
    // Customers cannot cancel orders here, and there is no sending products to friends.
    order_cancellation_reasons: () => [],
    send_friend: () => ({ enabled_for_customers: false, enabled_for_guests: false }),
    // Braintree's environment while the shop takes cards through it (keys set, method on); the
    // footer's "Ways to pay" reads it. Null when Braintree is off.
    braintree_environment: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.braintreeEnvironment && (await context.services.activePaymentCodes()).has(BRAINTREE_METHOD_CODE)
        ? context.services.braintreeEnvironment
        : null,
    // The wallets through Braintree, in the module's names: what their sheets show while offered.
    braintree_applepay_merchant_name: async (_root: unknown, _args: unknown, context: RequestContext) =>
      (await context.services.activePaymentCodes()).has(BRAINTREE_APPLE_PAY_CODE)
        ? context.services.braintreeWallets.applePayMerchantName
        : null,
    braintree_googlepay_merchant_id: async (_root: unknown, _args: unknown, context: RequestContext) =>
      (await context.services.activePaymentCodes()).has(BRAINTREE_GOOGLE_PAY_CODE)
        ? context.services.braintreeWallets.googlePayMerchantId
        : null,
    // A wallet's card is never kept here (its vault methods are not built).
    braintree_applepay_vault_active: () => false,
    braintree_googlepay_vault_active: () => false,
  },
};
