import type { AfterAnswer } from '../kernel/afterAnswer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { SearchIndex } from '../db/searchIndex';
import type { StripeClientSettings, StripeSavedCards } from './payment';
import { BRAINTREE_METHOD_CODE, createPaymentVault, type PaymentVault } from './payment';
import { createOrderPaymentAdmin, createStaffOrderService, type PaymentGateways, type StaffOrderDeps } from './sales';
import {
  createCatalogLoaders,
  createCatalogRowCache,
  type CatalogRowCache,
  type CatalogLoaders,
  createProductService,
  createSearchTermService,
  type SearchTermService,
  type ProductService,
  createCategoryAdminService,
  createCategoryStoreTextService,
  createSearchSynonymService,
  createAttributeMetadataService,
  type AttributeMetadataService,
  createReviewService,
  type ReviewService,
} from './catalog';
import { memoryBudget, type MemoryBudget } from '../kernel/memoryBudget';
import { createCartService, cachedSettings, type CartService } from './cart';
import { createCheckoutService, type CheckoutService } from './checkout';
import {
  createOrderService,
  type OrderService,
  type OrderServiceOptions,
  createGuestOrderService,
  type GuestOrderService,
  createOrderAdminService,
  createOrderFulfilmentService,
  createSalesDocuments,
  renderShipmentMail,
} from './sales';
import type { MailOutboxWriter } from '../mail/mailOutbox';
import { createRequestAuth, type RequestAuth } from './auth';
import {
  createCustomerService,
  type CustomerService,
  createCustomerAddressService,
  type CustomerAddressService,
  createCustomerCartService,
  type CustomerCartService,
  createCustomerOrderService,
  type CustomerOrderService,
  createCustomerAdminService,
  createCustomerGroupService,
  createCustomerStaffService,
} from './customer';
import { createWishlistService, type WishlistService } from './wishlist';
import { createCompareListService, type CompareListService } from './compare';
import { createNewsletterService, type NewsletterService } from './newsletter';
import { createContactService, type ContactService } from './contact';
import { systemClock } from '../kernel/clock';
import { createPublicUrls, type PublicUrls } from '../kernel/publicUrl';
import { createRateLimiter, type RateLimiter } from '../kernel/rateLimiter';
import { createCmsService, type CmsService, createCmsAdminService, createCmsPageStoreTextService } from './cms';
import { createDirectoryService, type DirectoryService, countryNames } from './directory';
import { createRouteService, type RouteService } from './routing';
import {
  createStoreService,
  type StoreService,
  createStoreViewCache,
  type StoreScope,
  type StoreViewCache,
  readStoreSettings,
  readStoreViewAdmin,
  saveCurrencyRate,
  saveStoreView,
  updateStoreSettings,
  type StoreViewInput,
  type StoreSettingsInput,
} from './store';
import type { Clock } from '../kernel/clock';
import { readAuditLog, type Actor } from './audit';
import {
  lowStockThreshold,
  openDayBounds,
  runReport,
  setLowStockThreshold,
  shopTimeZone,
  type ReportRequest,
} from './reports';

/** The audit log's filter as staff give it: local days, both optional. */
export interface AuditLogFilter {
  actor?: string | null;
  action?: string | null;
  from?: string | null;
  to?: string | null;
}
import {
  createConfigurableEditService,
  createProductEditService,
  createProductLinkService,
  createTierPriceEditService,
  createProductCustomOptionService,
  createProductMassActionService,
  createAttributeAdminService,
  createProductStoreTextService,
  refreshSearchAndListings,
} from './catalogTransfer';
import {
  readBraintreeStoreSettings,
  readPaymentInstructionSettings,
  readPaymentSettings,
  updateBraintreeStoreSettings,
  updatePaymentInstructionSettings,
  updatePaymentSettings,
  type BraintreeStoreSettings,
  type PaymentInstructionSettings,
} from './payment';
import { createPromotionAdminService } from './promotions';
import { readShippingSettings, updateShippingSettings, type ShippingCarrierInput } from './shipping';
import {
  createPasswordChangeService,
  createSecondFactorService,
  createStaffMember,
  listStaff,
  setStaffActive,
  setStaffRole,
  startStaffPasswordReset,
  completeStaffPasswordReset,
  type NewStaffMember,
  createStaffSessionService,
} from './staff';
import {
  createCustomerTaxClass,
  readCountriesWithRegions,
  readCustomerTaxClasses,
  readTaxRates,
  replaceTaxRates,
  type TaxRateInput,
} from './tax';

export interface Services {
  db: Kysely<Database>;
  searchIndex: SearchIndex;
  /** Catalog rows kept per catalog version, under the per-request loaders. */
  catalogRows: CatalogRowCache;
  products: ProductService;
  /** What shoppers search for, per store view (Magento's search terms). */
  searchTerms: SearchTermService;
  /** The product attributes' metadata (the PWA metapackage's attributesMetadata). */
  attributes: AttributeMetadataService;
  carts: CartService;
  checkout: CheckoutService;
  orders: OrderService;
  guestOrders: GuestOrderService;
  customers: CustomerService;
  addresses: CustomerAddressService;
  customerCarts: CustomerCartService;
  wishlists: WishlistService;
  /** Shoppers' compare lists, guests' and customers'. */
  compareLists: CompareListService;
  newsletter: NewsletterService;
  contact: ContactService;
  /** Shoppers' product reviews and ratings. */
  reviews: ReviewService;
  cms: CmsService;
  directory: DirectoryService;
  routes: RouteService;
  store: StoreService;
  /** The store views and exchange rates, kept per catalog version. */
  storeViews: StoreViewCache;
  customerOrders: CustomerOrderService;
  rateLimits: RateLimiter;
  /** The clock for token expiry, lockouts and reset links; tests move it forward. */
  now: () => Date;
  /** Stored paths made absolute on the shop's public URL (base URLs, image URLs). */
  urls: PublicUrls;
  /** The payment methods switched on now (cached per catalog version). */
  activePaymentCodes: () => Promise<Set<string>>;
  /** Stripe's publishable side, when the shop has Stripe keys; null otherwise. */
  stripeClient: StripeClientSettings | null;
  /** A client token for the Braintree SDK in the browser; null when the shop has no Braintree keys. */
  braintreeClientToken: (() => Promise<string>) | null;
  /** Braintree's environment when the shop has Braintree keys (StoreConfig.braintree_environment); null otherwise. */
  braintreeEnvironment: 'sandbox' | 'production' | null;
  /** What the wallets through Braintree show (StoreConfig's braintree_applepay_* and braintree_googlepay_*). */
  braintreeWallets: BraintreeWalletDisplay;
  /** The signed-in customers' kept cards. */
  paymentVault: PaymentVault;
  /** The signed-in customers' saved Stripe cards; null when the shop has no Stripe keys. */
  stripeSavedCards: StripeSavedCards | null;
}

/** The names a wallet's sheet shows: Apple Pay's merchant name, Google's merchant id (null in its test environment). */
export interface BraintreeWalletDisplay {
  applePayMerchantName: string | null;
  googlePayMerchantId: string | null;
}

export interface AccountOptions {
  now?: () => Date;
  /** Password-reset and contact e-mails are queued here (the same outbox as order e-mails). */
  mailOutbox?: MailOutboxWriter;
  /** Absolute storefront origin for links in e-mails. */
  publicUrl?: string;
  log?: (line: string) => void;
  /** Work a request starts after its answer (kernel/afterAnswer.ts). */
  afterAnswer?: AfterAnswer;
  /** After a customer deleted their account: remove what it left at the gateways (its Stripe Customer). */
  afterCustomerDeleted?: () => Promise<unknown>;
}

export interface RequestContext {
  services: Services;
  loaders: CatalogLoaders;
  /** Who sent the request (the Authorization: Bearer token). */
  auth: RequestAuth;
  /** The caller's network address, for per-client limits; 'unknown' when the host did not say. */
  client: string;
  /** The store view and currency the request is answered in (the Store and Content-Currency headers). */
  store: StoreScope;
}

export function createServices(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  orderOptions: OrderServiceOptions = {},
  accountOptions: AccountOptions = {},
  budget: MemoryBudget = memoryBudget(),
  stripeClient: StripeClientSettings | null = null,
  /** The configured card gateways by method code: the vault forgets kept cards there. */
  gateways: PaymentGateways = new Map(),
  stripeSavedCards: StripeSavedCards | null = null,
  braintreeEnvironment: 'sandbox' | 'production' | null = null,
  braintreeWallets: BraintreeWalletDisplay = { applePayMerchantName: null, googlePayMerchantId: null },
): Services {
  const now = accountOptions.now ?? systemClock;
  const rateLimits = createRateLimiter(db, now);
  const pricingSettings = cachedSettings(db);
  const carts = createCartService(db, now, rateLimits, pricingSettings);
  const storeViews = createStoreViewCache(db);
  const catalogRows = createCatalogRowCache(db, budget.catalogRowEntries);
  const addresses = createCustomerAddressService(db, now);
  const customerCarts = createCustomerCartService(db, carts, now);
  const newsletter = createNewsletterService(db, now, rateLimits);
  const mail = { mailOutbox: accountOptions.mailOutbox, log: accountOptions.log };
  const urls = createPublicUrls(accountOptions.publicUrl);
  const store = createStoreService(db, storeViews, urls);
  const searchTerms = createSearchTermService(db, now, (line) => (accountOptions.log ?? console.error)(line));
  return {
    db,
    searchIndex,
    catalogRows,
    products: createProductService(db, searchIndex, catalogRows, budget, searchTerms),
    searchTerms,
    attributes: createAttributeMetadataService(db),
    carts,
    checkout: createCheckoutService(db, now, pricingSettings, addresses),
    orders: createOrderService(db, now, orderOptions),
    guestOrders: createGuestOrderService(db, rateLimits),
    customers: createCustomerService(db, {
      now,
      newsletter,
      rateLimits,
      publicUrl: accountOptions.publicUrl,
      afterAnswer: accountOptions.afterAnswer,
      afterDeleted: accountOptions.afterCustomerDeleted,
      ...mail,
      async storeSettings(storeId) {
        const settings = await store.settingsOf(storeId);
        return {
          name: settings.store_name ?? 'Vela',
          locale: settings.locale ?? 'en_US',
          baseUrl: settings.secure_base_link_url ?? settings.base_link_url ?? urls.base,
        };
      },
    }),
    addresses,
    customerCarts,
    wishlists: createWishlistService(db, now, carts, customerCarts),
    compareLists: createCompareListService(db, now, rateLimits),
    newsletter,
    contact: createContactService(db, { now, rateLimits, ...mail }),
    reviews: createReviewService(db, now, rateLimits),
    cms: createCmsService(db),
    directory: createDirectoryService(db),
    routes: createRouteService(db),
    store,
    storeViews,
    customerOrders: createCustomerOrderService(db),
    rateLimits,
    now,
    urls,
    activePaymentCodes: () => pricingSettings.activePayments(),
    stripeClient,
    braintreeClientToken: (() => {
      const provider = gateways.get(BRAINTREE_METHOD_CODE)?.provider;
      return provider?.clientToken ? () => provider.clientToken!() : null;
    })(),
    braintreeEnvironment,
    braintreeWallets,
    paymentVault: createPaymentVault(db, now, async (code, token) => {
      // A method whose gateway is not configured now cannot be asked; the card is forgotten here.
      await gateways.get(code)?.provider.forgetPaymentMethod?.(token);
    }),
    stripeSavedCards,
  };
}

export function createRequestContext(
  services: Services,
  store: StoreScope,
  request?: Request,
  client = 'unknown',
): RequestContext {
  return {
    services,
    client,
    store,
    loaders: createCatalogLoaders(services.db, store, services.catalogRows),
    auth: createRequestAuth(services.db, request, services.now),
  };
}

export interface BackOfficeServiceOptions {
  /** The shop's cart, checkout and order services, which orders staff create go through. */
  shop: StaffOrderDeps;
  clock: Clock;
  /** The shop's name, shown by authenticator apps next to the code. */
  shopName: () => Promise<string>;
  /** The per-client limits on sign-in (shared with the storefront's limiter). */
  rateLimits: RateLimiter;
  mailOutbox?: MailOutboxWriter;
  /** The storefront's origin for links in e-mails (a customer's set-password link). */
  publicUrl?: string;
  /** A store view's name and locale, for the e-mails staff actions send. */
  storeSettings: (storeId: number) => Promise<{ name: string; locale: string }>;
  /** The card gateways, for capture, refund and void from the order page. */
  gateways?: PaymentGateways;
  /** What staff may see of the Stripe set-up (never a secret). */
  stripeSettings?: { live: boolean; captureLater: boolean; publishableKey: string } | null;
  /** What staff may see of the Braintree set-up: ids, never the private key. */
  braintreeSettings?: { live: boolean; captureLater: boolean; merchantId: string; publicKey: string } | null;
}

/**
 * The back office's services, built once beside the shop's (this module is the one composition
 * root): its resolvers only call them. Functions that take the database and the clock are bound
 * here, so no resolver holds a connection.
 */
export function createBackOfficeServices(
  db: Kysely<Database>,
  searchIndex: SearchIndex,
  options: BackOfficeServiceOptions,
) {
  const { clock } = options;
  return {
    sessions: createStaffSessionService(db, clock, options.shopName, options.rateLimits),
    secondFactor: createSecondFactorService(db, clock, options.shopName),
    passwordChange: createPasswordChangeService(db, clock),
    orders: createOrderAdminService(db),
    staffOrders: createStaffOrderService(db, clock, options.shop),
    payments: {
      ...createOrderPaymentAdmin(db, { gateways: options.gateways ?? new Map(), clock }),
      settings: options.stripeSettings ?? null,
      braintreeSettings: options.braintreeSettings ?? null,
    },
    documents: createSalesDocuments(db, options.storeSettings),
    fulfilment: createOrderFulfilmentService(db, {
      clock,
      mailOutbox: options.mailOutbox,
      async shipmentMail(order, carrierTitle, trackingNumber) {
        const store = await options.storeSettings(order.store_id);
        return renderShipmentMail(order, carrierTitle, trackingNumber, store.name, store.locale);
      },
    }),
    categories: createCategoryAdminService(db, searchIndex, clock, refreshSearchAndListings),
    products: createProductEditService(db, searchIndex, clock),
    configurables: createConfigurableEditService(db, searchIndex, clock),
    productStoreTexts: createProductStoreTextService(db, searchIndex, clock),
    productMassActions: createProductMassActionService(db, searchIndex, clock),
    attributes: createAttributeAdminService(db, searchIndex, clock),
    categoryStoreTexts: createCategoryStoreTextService(db, clock),
    cmsPageStoreTexts: createCmsPageStoreTextService(db, clock),
    productLinks: createProductLinkService(db, clock),
    productCustomOptions: createProductCustomOptionService(db, clock),
    promotions: createPromotionAdminService(db, clock),
    searchSynonyms: createSearchSynonymService(db, clock),
    // The back office lists and edits terms; it never counts searches, so its tally stays empty.
    searchTerms: createSearchTermService(db, clock, () => undefined),
    reviews: createReviewService(db, clock, options.rateLimits),
    customers: createCustomerAdminService(db, clock),
    customerStaff: (() => {
      const newsletter = createNewsletterService(db, clock, options.rateLimits);
      const accounts = createCustomerService(db, {
        now: clock,
        newsletter,
        rateLimits: options.rateLimits,
        mailOutbox: options.mailOutbox,
        publicUrl: options.publicUrl,
      });
      return createCustomerStaffService(db, clock, accounts, newsletter);
    })(),
    customerGroups: createCustomerGroupService(db, clock),
    customerTaxClasses: {
      list: () => readCustomerTaxClasses(db),
      create: (input: { name: string; taxed: boolean }, actor: Actor) =>
        createCustomerTaxClass(db, input, actor, clock()),
    },
    tierPrices: createTierPriceEditService(db, clock),
    content: createCmsAdminService(db, clock),
    staff: {
      create: (input: NewStaffMember, actor: Actor) => createStaffMember(db, input, actor, clock()),
      setActive: (id: number, active: boolean, actor: Actor) => setStaffActive(db, id, active, actor, clock()),
      setRole: (id: number, role: string, actor: Actor) => setStaffRole(db, id, role, actor, clock()),
      startPasswordReset: (id: number, actor: Actor) => startStaffPasswordReset(db, id, actor, clock()),
      completePasswordReset: (token: string, password: string) =>
        completeStaffPasswordReset(db, token, password, clock()),
      list: () => listStaff(db),
    },
    audit: {
      async read(page: number, pageSize: number, filter: AuditLogFilter = {}) {
        // Days as the shop counts them, like the reports.
        const bounds = openDayBounds(filter.from, filter.to, await shopTimeZone(db));
        return readAuditLog(db, page, pageSize, { actor: filter.actor, action: filter.action, ...bounds });
      },
    },
    reports: {
      run: (request: ReportRequest) => runReport(db, request),
      lowStockThreshold: () => lowStockThreshold(db),
      setLowStockThreshold: (threshold: number, actor: Actor) => setLowStockThreshold(db, threshold, actor, clock()),
    },
    settings: {
      store: () => readStoreSettings(db),
      updateStore: (input: StoreSettingsInput, actor: Actor) => updateStoreSettings(db, input, actor, clock()),
      shipping: () => readShippingSettings(db),
      updateShipping: (carriers: readonly ShippingCarrierInput[], actor: Actor) =>
        updateShippingSettings(db, carriers, actor, clock()),
      taxRates: () => readTaxRates(db),
      replaceTaxRates: (rates: readonly TaxRateInput[], actor: Actor) => replaceTaxRates(db, rates, actor, clock()),
      paymentMethods: () => readPaymentSettings(db),
      updatePaymentMethods: (methods: ReadonlyArray<{ code: string; active: boolean }>, actor: Actor) =>
        updatePaymentSettings(db, methods, actor, clock()),
      braintree: () => readBraintreeStoreSettings(db),
      updateBraintree: (input: BraintreeStoreSettings, actor: Actor) =>
        updateBraintreeStoreSettings(db, input, actor, clock()),
      paymentInstructions: () => readPaymentInstructionSettings(db),
      updatePaymentInstructions: (input: PaymentInstructionSettings, actor: Actor) =>
        updatePaymentInstructionSettings(db, input, actor, clock()),
      countriesWithRegions: () => readCountriesWithRegions(db),
      countryNames: () => countryNames(db),
    },
    storeViews: {
      read: () => readStoreViewAdmin(db),
      save: (input: StoreViewInput, actor: Actor) => saveStoreView(db, input, actor, clock()),
      saveRate: (currency: string, rate: string, actor: Actor) => saveCurrencyRate(db, currency, rate, actor, clock()),
    },
  };
}

export type BackOfficeDomainServices = ReturnType<typeof createBackOfficeServices>;
