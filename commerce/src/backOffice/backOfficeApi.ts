import { backOfficeTypeDefs } from '../backOfficeSchemaFiles';
import type { Kysely } from 'kysely';
import { createSchema, createYoga } from 'graphql-yoga';
import { boundedParserCache } from '../graphqlRuntime/parsedDocumentCache';
import type { GraphQLSchema } from 'graphql';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import type { Clock } from '../kernel/clock';
import { tooManyRequests, type RequestBudget } from '../kernel/requestBudget';
import { queryLimitPlugins } from '../graphqlRuntime/queryLimits';
import { queryCostPlugin } from '../graphqlRuntime/queryCost';
import { schemaExposurePlugins } from '../graphqlRuntime/schemaExposure';
import { maskedDomainErrors } from '../graphqlRuntime/domainErrors';
import { countStaff } from '../domains/staff';
import type { BackOfficeDomainServices } from '../domains/context';
import type { BackOfficeContext, BackOfficeServices } from './backOfficeContext';
import {
  createCatalogImportJobs,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_REQUEST_BYTES,
  type CatalogImporter,
} from './catalogImportJobs';
import { guarded } from './operationGuard';
import { CATALOG_EXPORT_PATH, catalogExportResponse } from './catalogExportDownload';
import { SALES_DOCUMENT_PATH, salesDocumentResponse } from './salesDocumentDownload';
import { ORDER_EXPORT_PATH, REPORT_EXPORT_PATH, reportExportResponse } from './reportDownload';
import { assertEveryOperationHasAPermission } from './permissions';
import { sessionTokenOf } from './sessionCookie';
import { sessionResolvers } from './resolvers/sessionResolvers';
import { orderResolvers } from './resolvers/orderResolvers';
import { catalogImportResolvers } from './resolvers/catalogImportResolvers';
import { staffResolvers } from './resolvers/staffResolvers';
import { productResolvers } from './resolvers/productResolvers';
import { categoryResolvers } from './resolvers/categoryResolvers';
import { searchSynonymResolvers } from './resolvers/searchSynonymResolvers';
import { searchTermResolvers } from './resolvers/searchTermResolvers';
import { productLinkResolvers } from './resolvers/productLinkResolvers';
import { tierPriceResolvers } from './resolvers/tierPriceResolvers';
import { staffOrderResolvers } from './resolvers/staffOrderResolvers';
import { productCustomOptionResolvers } from './resolvers/productCustomOptionResolvers';
import { reviewResolvers } from './resolvers/reviewResolvers';
import { customerResolvers } from './resolvers/customerResolvers';
import { promotionResolvers } from './resolvers/promotionResolvers';
import { settingsResolvers } from './resolvers/settingsResolvers';
import { storeViewResolvers } from './resolvers/storeViewResolvers';
import { storeTextResolvers } from './resolvers/storeTextResolvers';
import { productMassActionResolvers } from './resolvers/productMassActionResolvers';
import { contentResolvers } from './resolvers/contentResolvers';
import { paymentResolvers } from './resolvers/paymentResolvers';
import { attributeResolvers } from './resolvers/attributeResolvers';
import { reportResolvers } from './resolvers/reportResolvers';

// The back office's GraphQL endpoint: its own schema, its own sessions, and nothing of it
// reachable from the storefront's /graphql.

export const BACK_OFFICE_ENDPOINT = '/admin/graphql';

export interface BackOfficeOptions {
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  clock: Clock;
  /** Built by the composition root (domains/context.ts) with the shop's. */
  services: BackOfficeDomainServices;
  importer: CatalogImporter;
  mediaDir: string;
  exposeSchema?: boolean;
  /** Its share of the memory budget's parser cache (kernel/memoryBudget.ts). */
  parserCacheBytes: number;
  logError: (line: string) => void;
  /** The storefront API's requests per client and minute: the back office counts against it too. */
  requestBudget?: RequestBudget | null;
}

/** Who is calling, as the host process knows it (never from a header it did not configure). */
export interface BackOfficeClient {
  address: string;
}

export interface BackOfficeApi {
  /** `client` is the caller's address; without one (in-process calls) nothing is counted per client. */
  fetch(request: Request, client?: BackOfficeClient): Promise<Response>;
  schema: GraphQLSchema;
  /** Waits for background work (catalog imports) this process started. */
  settled(): Promise<void>;
  /** Whether any staff account exists: without one, the server says how to make the first. */
  hasStaff(): Promise<boolean>;
}

export function buildBackOfficeSchema(): GraphQLSchema {
  const typeDefs = backOfficeTypeDefs();
  const schema = createSchema<BackOfficeContext>({
    typeDefs,
    resolvers: [
      sessionResolvers,
      orderResolvers,
      catalogImportResolvers,
      staffResolvers,
      customerResolvers,
      promotionResolvers,
      productResolvers,
      settingsResolvers,
      storeViewResolvers,
      storeTextResolvers,
      productMassActionResolvers,
      categoryResolvers,
      searchSynonymResolvers,
      searchTermResolvers,
      productLinkResolvers,
      tierPriceResolvers,
      staffOrderResolvers,
      productCustomOptionResolvers,
      reviewResolvers,
      contentResolvers,
      paymentResolvers,
      attributeResolvers,
      reportResolvers,
    ].map((r) => guarded(r as never)),
  });
  assertEveryOperationHasAPermission(schema);
  return schema;
}

function refuse(status: number, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message }] }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

export function createBackOfficeApi(options: BackOfficeOptions): BackOfficeApi {
  const { db, clock } = options;
  const services: BackOfficeServices = {
    ...options.services,
    db,
    searchIndex: options.searchIndex,
    clock,
    imports: createCatalogImportJobs(db, clock, options.importer, options.logError),
    mediaDir: options.mediaDir,
  };
  const schema = buildBackOfficeSchema();
  const yoga = createYoga<{ setCookies: string[]; client?: BackOfficeClient }>({
    schema,
    graphqlEndpoint: BACK_OFFICE_ENDPOINT,
    context: async ({ request, setCookies, client }): Promise<BackOfficeContext> => ({
      services,
      session: await services.sessions.resolve(sessionTokenOf(request.headers.get('cookie'))),
      csrfHeader: request.headers.get('x-csrf-token'),
      // Sign-in and sign-out change the cookie: resolvers add values, fetch() sets them.
      setCookies,
      client: client?.address ?? 'unknown',
      actor: { staffId: null, email: 'nobody' },
    }),
    logging: false,
    parserAndValidationCache: boundedParserCache(options.parserCacheBytes),
    graphiql: false,
    cors: false,
    // graphql-yoga's own default (25,000,000 bytes) would refuse an upload the import takes.
    maxRequestBodySize: MAX_IMPORT_REQUEST_BYTES,
    plugins: [...queryLimitPlugins(), queryCostPlugin(), ...schemaExposurePlugins(options.exposeSchema ?? false)],
    maskedErrors: maskedDomainErrors('back office', options.logError),
  });

  return {
    schema,
    settled: () => services.imports.settled(),
    hasStaff: async () => (await countStaff(db)) > 0,
    async fetch(request, client) {
      // The same budget as /graphql: a client refused there is refused here too.
      const wait = options.requestBudget && client ? options.requestBudget.take(client.address) : null;
      if (wait !== null) return tooManyRequests(wait);
      const pathname = new URL(request.url).pathname;
      if (pathname === CATALOG_EXPORT_PATH) return catalogExportResponse(request, services, client?.address ?? null);
      if (SALES_DOCUMENT_PATH.test(pathname)) return salesDocumentResponse(request, services);
      if (pathname === REPORT_EXPORT_PATH || pathname === ORDER_EXPORT_PATH)
        return reportExportResponse(request, services, client?.address ?? null);
      // Reads and writes alike are POSTs: nothing of the back office is a link another site can
      // make a browser follow.
      if (request.method !== 'POST') return refuse(405, 'The back-office API answers POST requests only.');
      // The import's one limit, before a byte of the body is read (graphql-yoga counts as it reads).
      const length = Number(request.headers.get('content-length') ?? '0');
      if (length > MAX_IMPORT_REQUEST_BYTES)
        return refuse(
          413,
          `The request is larger than an import may be: ${MAX_IMPORT_BYTES / 1024 / 1024} MB for the CSV and its images.`,
        );
      const setCookies: string[] = [];
      const response = await yoga.fetch(request, { setCookies, client });
      for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
      response.headers.set('Cache-Control', 'no-store');
      return response;
    },
  };
}
