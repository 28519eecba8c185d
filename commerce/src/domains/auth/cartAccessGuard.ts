import type { RequestAuth } from './requestAuthService';
import type { StoreScope } from '../../kernel/storeScope';

// Every cart operation names its cart in one of three places. Checking ownership (and the store
// view the cart belongs to) here, around the cart, checkout and order resolvers, means a new cart
// mutation cannot forget the check.

/** The cart as the checks read it (cart/cartRecords.ts, CartScopeRow). */
interface CartScope {
  customer_id: number | null;
  store_id: number;
  currency: string;
  is_active: number;
}
interface GuardContext {
  auth: RequestAuth;
  store: StoreScope;
  services: {
    carts: {
      scopeOf(cartId: string): Promise<CartScope | undefined>;
      enterScope(cartId: string, scope: StoreScope, known?: { cart: CartScope | undefined }): Promise<void>;
    };
  };
}
type Resolver = (root: unknown, args: unknown, context: GuardContext, info: unknown) => unknown;
type ResolverMap = Record<string, Record<string, unknown>>;

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function cartIdOf(args: unknown): string | null {
  const candidate = field(args, 'cart_id') ?? field(args, 'cartId') ?? field(field(args, 'input'), 'cart_id');
  return typeof candidate === 'string' && candidate.trim() !== '' ? candidate : null;
}

function guard(resolver: Resolver): Resolver {
  return async (root, args, context, info) => {
    const cartId = cartIdOf(args);
    if (cartId) {
      // One read of the cart serves both checks (the access check looks the id up trimmed).
      const trimmed = cartId.trim();
      const cart = await context.services.carts.scopeOf(trimmed);
      await context.auth.assertCartAccessTo(cartId, cart);
      await context.services.carts.enterScope(cartId, context.store, trimmed === cartId ? { cart } : undefined);
    }
    return resolver(root, args, context, info);
  };
}

/** The same resolvers, with Query and Mutation fields that take a cart id checked first. */
export function withCartAccessChecks<T extends ResolverMap>(resolvers: T): T {
  const result: ResolverMap = { ...resolvers };
  for (const root of ['Query', 'Mutation']) {
    const fields = resolvers[root];
    if (!fields) continue;
    result[root] = Object.fromEntries(
      Object.entries(fields).map(([name, resolver]) => [
        name,
        typeof resolver === 'function' ? guard(resolver as Resolver) : resolver,
      ]),
    );
  }
  return result as T;
}
