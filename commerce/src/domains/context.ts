import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import { createCatalogLoaders } from './catalog/catalogLoaders';
import type { CatalogLoaders } from './catalog/catalogLoaders';
import { createProductService } from './catalog/productService';
import type { ProductService } from './catalog/productService';
import { createCartService } from './cart/cartService';
import type { CartService } from './cart/cartService';
import { createCheckoutService } from './checkout/checkoutService';
import type { CheckoutService } from './checkout/checkoutService';
import { createOrderService } from './sales/orderService';
import type { OrderService, OrderServiceOptions } from './sales/orderService';

export interface Services {
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  products: ProductService;
  carts: CartService;
  checkout: CheckoutService;
  orders: OrderService;
}

export interface RequestContext {
  services: Services;
  loaders: CatalogLoaders;
}

export function createServices(db: Kysely<Database>, searchIndex: SearchIndex, orderOptions: OrderServiceOptions = {}): Services {
  const baseCurrency = async () =>
    (await db.selectFrom('store_config').select('value').where('key', '=', 'base_currency_code').executeTakeFirst())?.value ?? 'USD';
  return {
    db,
    searchIndex,
    products: createProductService(db, searchIndex),
    carts: createCartService(db, baseCurrency),
    checkout: createCheckoutService(db),
    orders: createOrderService(db, orderOptions),
  };
}

export function createRequestContext(services: Services): RequestContext {
  return { services, loaders: createCatalogLoaders(services.db) };
}
