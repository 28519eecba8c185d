import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import { createCatalogLoaders } from './catalog/catalogLoaders';
import type { CatalogLoaders } from './catalog/catalogLoaders';
import { createProductService } from './catalog/productService';
import type { ProductService } from './catalog/productService';

export interface Services {
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  products: ProductService;
}

export interface RequestContext {
  services: Services;
  loaders: CatalogLoaders;
}

export function createServices(db: Kysely<Database>, searchIndex: SearchIndex): Services {
  return { db, searchIndex, products: createProductService(db, searchIndex) };
}

export function createRequestContext(services: Services): RequestContext {
  return { services, loaders: createCatalogLoaders(services.db) };
}
