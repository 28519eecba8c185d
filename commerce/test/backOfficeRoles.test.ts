import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_PERMISSIONS, type Permission } from '../src/backOffice/permissions';
import { openShop, type GraphQLResult, type Shop } from './cartHarness';
import { createStaff, signedIn, staffBrowser, type StaffBrowser } from './backOfficeHarness';

// The matrix of every role against every operation of the back-office API. An operation allowed
// to a role may still fail for its input (no such order): what matters is that it is not refused
// for who is asking, and that a refused one changes nothing.

let shop: Shop;
let clock = new Date('2026-11-26T09:00:00Z');
const now = () => clock;
const roles = ['owner', 'staff', 'viewer'] as const;
type Caller = (typeof roles)[number] | 'anonymous';

/** One document per operation; writes name an order that does not exist, so nothing changes. */
const DOCUMENTS: Record<string, string> = {
  'Query.me': '{ me { email } }',
  'Query.signInState': '{ signInState { step } }',
  'Mutation.signIn': 'mutation { signIn(email: "nobody@example.com", password: "not-it-at-all") { step } }',
  'Mutation.verifySecondFactor': 'mutation { verifySecondFactor(code: "000000") { step } }',
  'Mutation.confirmSecondFactorEnrolment': 'mutation { confirmSecondFactorEnrolment(code: "000000") { step } }',
  'Mutation.signOut': 'mutation { signOut }',
  'Mutation.startAuthenticatorSetup': 'mutation { startAuthenticatorSetup { uri } }',
  'Mutation.confirmAuthenticatorSetup': 'mutation { confirmAuthenticatorSetup(code: "000000") { email } }',
  'Mutation.removeAuthenticator': 'mutation { removeAuthenticator(password: "not-it-at-all") { email } }',
  'Mutation.changePassword':
    'mutation { changePassword(currentPassword: "not-it-at-all", newPassword: "Not-the-new-one-either-7") { email } }',
  'Query.orders': '{ orders { totalCount } }',
  'Query.order': '{ order(number: "999999999") { number } }',
  'Query.dashboard': '{ dashboard { today { orders } } }',
  'Query.report': '{ report(input: { kind: SALES, from: "2026-11-01", to: "2026-11-02" }) { totalCount } }',
  'Query.lowStockThreshold': '{ lowStockThreshold }',
  'Mutation.setLowStockThreshold': 'mutation { setLowStockThreshold(threshold: 3) }',
  'Mutation.invoiceOrder': 'mutation { invoiceOrder(number: "999999999") { number } }',
  'Mutation.shipOrder':
    'mutation { shipOrder(input: { number: "999999999", carrier: "ups", trackingNumber: "1Z999" }) { number } }',
  'Mutation.cancelOrder': 'mutation { cancelOrder(number: "999999999") { number } }',
  'Mutation.refundOrder': 'mutation { refundOrder(input: { number: "999999999", returnToStock: true }) { number } }',
  'Mutation.capturePayment': 'mutation { capturePayment(number: "999999999") { number } }',
  'Mutation.refundPayment': 'mutation { refundPayment(number: "999999999", amount: 1) { number } }',
  'Mutation.voidPayment': 'mutation { voidPayment(number: "999999999") { number } }',
  'Query.cardPaymentSettings': '{ cardPaymentSettings { stripe { mode } braintree { mode } } }',
  'Mutation.updateBraintreeSettings': 'mutation { updateBraintreeSettings(threeDSecureRequired: true) { __typename } }',
  'Mutation.addOrderComment':
    'mutation { addOrderComment(input: { number: "999999999", message: "hello" }) { number } }',
  'Query.customers': '{ customers { totalCount } }',
  'Query.customer': '{ customer(id: "999999") { email } }',
  'Mutation.lockCustomer': 'mutation { lockCustomer(id: "999999") { locked } }',
  'Mutation.unlockCustomer': 'mutation { unlockCustomer(id: "999999") { locked } }',
  'Mutation.createCustomer':
    'mutation { createCustomer(input: { firstname: "A", lastname: "B", email: "new@example.com", groupId: "999999", storeViewId: "1" }) { id } }',
  'Mutation.updateCustomer':
    'mutation { updateCustomer(id: "999999", input: { firstname: "A", lastname: "B", email: "new@example.com", groupId: "1" }) { id } }',
  'Mutation.sendCustomerPasswordReset': 'mutation { sendCustomerPasswordReset(id: "999999") }',
  'Query.customerGroups': '{ customerGroups { id } }',
  'Query.customerTaxClasses': '{ customerTaxClasses { id } }',
  'Mutation.createCustomerGroup': 'mutation { createCustomerGroup(input: { code: "N", taxClassId: "999999" }) { id } }',
  'Mutation.updateCustomerGroup':
    'mutation { updateCustomerGroup(id: "999999", input: { code: "N", taxClassId: "3" }) { id } }',
  'Mutation.deleteCustomerGroup': 'mutation { deleteCustomerGroup(id: "999999") }',
  'Mutation.createCustomerTaxClass': 'mutation { createCustomerTaxClass(name: "", taxed: true) { id } }',
  'Query.staffOrder': '{ staffOrder(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") { id } }',
  'Mutation.startStaffOrder': 'mutation { startStaffOrder(customerId: "999999", storeViewId: "1") { id } }',
  'Mutation.addStaffOrderProduct':
    'mutation { addStaffOrderProduct(input: { id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", sku: "NO-SUCH-SKU", quantity: 1 }) { errors } }',
  'Mutation.setStaffOrderQuantity':
    'mutation { setStaffOrderQuantity(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", lineId: 1, quantity: 2) { id } }',
  'Mutation.applyStaffOrderCoupon':
    'mutation { applyStaffOrderCoupon(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", code: "NOPE") { id } }',
  'Mutation.removeStaffOrderCoupon':
    'mutation { removeStaffOrderCoupon(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") { id } }',
  'Mutation.setStaffOrderAddress':
    'mutation { setStaffOrderAddress(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", customerAddressId: 999999) { id } }',
  'Mutation.setStaffOrderShippingMethod':
    'mutation { setStaffOrderShippingMethod(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", carrierCode: "flatrate", methodCode: "flatrate") { id } }',
  'Mutation.setStaffOrderPaymentMethod':
    'mutation { setStaffOrderPaymentMethod(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", code: "checkmo") { id } }',
  'Mutation.placeStaffOrder': 'mutation { placeStaffOrder(id: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") { number } }',
  'Query.productTierPrices': '{ productTierPrices(sku: "NO-SUCH-SKU") { quantity } }',
  'Mutation.setProductTierPrices': 'mutation { setProductTierPrices(sku: "NO-SUCH-SKU", tiers: []) { quantity } }',
  'Query.promotions': '{ promotions { totalCount } }',
  'Query.promotion': '{ promotion(id: "999999") { id } }',
  'Mutation.createPromotion':
    'mutation { createPromotion(input: { name: "", label: "L", action: FREE_SHIPPING }) { id } }',
  'Mutation.updatePromotion':
    'mutation { updatePromotion(id: "999999", input: { name: "N", label: "L", action: FREE_SHIPPING }) { id } }',
  'Mutation.setPromotionActive': 'mutation { setPromotionActive(id: "999999", active: false) { id } }',
  'Mutation.deletePromotion': 'mutation { deletePromotion(id: "999999") }',
  'Mutation.addCoupon': 'mutation { addCoupon(input: { promotionId: "999999", code: "NO-SUCH-RULE" }) { codes } }',
  'Mutation.generateCoupons': 'mutation { generateCoupons(input: { promotionId: "999999", count: 1 }) { codes } }',
  'Mutation.removeCoupon': 'mutation { removeCoupon(code: "NO-SUCH-CODE") { id } }',
  'Mutation.setCouponUsageLimit': 'mutation { setCouponUsageLimit(code: "NO-SUCH-CODE", usageLimit: 1) { id } }',
  'Query.products': '{ products { totalCount } }',
  'Query.product': '{ product(sku: "NO-SUCH-SKU") { sku } }',
  'Query.productCategoryChoices': '{ productCategoryChoices { id } }',
  'Mutation.updateProduct': 'mutation { updateProduct(sku: "NO-SUCH-SKU", input: { name: "N" }) { sku } }',
  'Mutation.createProduct': 'mutation { createProduct(input: { sku: "", name: "N", price: 1 }) { sku } }',
  'Mutation.setProductImages': 'mutation { setProductImages(sku: "NO-SUCH-SKU", images: []) { sku } }',
  'Query.configurableAttributeChoices': '{ configurableAttributeChoices { code } }',
  'Mutation.createConfigurableProduct':
    'mutation { createConfigurableProduct(input: { sku: "", name: "N", attributeCodes: [], variants: [] }) { sku } }',
  'Mutation.addProductVariants': 'mutation { addProductVariants(sku: "NO-SUCH-SKU", variants: []) { sku } }',
  'Mutation.removeProductVariant': 'mutation { removeProductVariant(sku: "NO-SUCH-SKU", variantSku: "NONE") { sku } }',
  'Query.categoryTree': '{ categoryTree { id } }',
  'Query.category': '{ category(id: "999999") { id } }',
  'Mutation.createCategory': 'mutation { createCategory(input: { parentId: "999999", name: "N" }) { id } }',
  'Mutation.updateCategory': 'mutation { updateCategory(id: "999999", input: { name: "N" }) { id } }',
  'Mutation.moveCategory': 'mutation { moveCategory(id: "999999", parentId: "2") { id } }',
  'Mutation.reorderCategory': 'mutation { reorderCategory(id: "999999", direction: UP) { id } }',
  'Mutation.deleteCategory': 'mutation { deleteCategory(id: "999999") }',
  'Query.searchSynonymGroups': '{ searchSynonymGroups { id } }',
  'Mutation.saveSearchSynonymGroup': 'mutation { saveSearchSynonymGroup(id: "999999", words: ["a", "b"]) { id } }',
  'Mutation.deleteSearchSynonymGroup': 'mutation { deleteSearchSynonymGroup(id: "999999") }',
  'Query.searchTerms': '{ searchTerms(storeCode: "default") { totalCount } }',
  'Mutation.updateSearchTerm': 'mutation { updateSearchTerm(id: "999999", redirect: "/x") { id } }',
  'Mutation.deleteSearchTerm': 'mutation { deleteSearchTerm(id: "999999") }',
  'Query.productLinks': '{ productLinks(sku: "NO-SUCH-SKU") { sku } }',
  'Query.productCustomOptions': '{ productCustomOptions(sku: "NO-SUCH-SKU") { id } }',
  'Mutation.updatePaymentInstructions':
    'mutation { updatePaymentInstructions(input: { checkPayableTo: "", checkSendTo: "", bankTransfer: "", cashOnDelivery: "" }) { __typename } }',
  'Query.productAttributes': '{ productAttributes { code } }',
  'Query.productAttribute': '{ productAttribute(code: "no_such_attribute") { code } }',
  'Mutation.createProductAttribute':
    'mutation { createProductAttribute(code: "", input: { label: "", input: "", filterable: false, searchable: false, visibleOnFront: false }) { code } }',
  'Mutation.updateProductAttribute':
    'mutation { updateProductAttribute(code: "no_such_attribute", input: { label: "", input: "", filterable: false, searchable: false, visibleOnFront: false }) { code } }',
  'Mutation.setProductAttributeOptions':
    'mutation { setProductAttributeOptions(code: "no_such_attribute", options: []) { code } }',
  'Mutation.deleteProductAttribute': 'mutation { deleteProductAttribute(code: "no_such_attribute") }',
  'Query.storeViews': '{ storeViews { baseCurrency } }',
  'Mutation.saveStoreView':
    'mutation { saveStoreView(input: { code: "", name: "", locale: "", defaultCurrency: "", allowedCurrencies: [], active: false, sortOrder: 0 }) { id } }',
  'Mutation.saveCurrencyRate': 'mutation { saveCurrencyRate(currency: "XXX", rate: "0") { __typename } }',
  'Query.productStoreTexts': '{ productStoreTexts(sku: "NO-SUCH-SKU", storeId: "999999") { storeId } }',
  'Mutation.saveProductStoreTexts':
    'mutation { saveProductStoreTexts(sku: "NO-SUCH-SKU", storeId: "999999", texts: {}) { storeId } }',
  'Query.categoryStoreTexts': '{ categoryStoreTexts(id: "999999", storeId: "999999") { storeId } }',
  'Mutation.saveCategoryStoreTexts':
    'mutation { saveCategoryStoreTexts(id: "999999", storeId: "999999", texts: {}) { storeId } }',
  'Query.cmsPageStoreTexts': '{ cmsPageStoreTexts(id: "999999", storeId: "999999") { storeId } }',
  'Mutation.saveCmsPageStoreTexts':
    'mutation { saveCmsPageStoreTexts(id: "999999", storeId: "999999", texts: {}) { storeId } }',
  'Mutation.massUpdateProducts':
    'mutation { massUpdateProducts(selection: { skus: [] }, action: { kind: ENABLE }) { selected } }',
  'Mutation.setProductLinks': 'mutation { setProductLinks(sku: "NO-SUCH-SKU", linkType: "related", skus: []) { sku } }',
  'Mutation.setProductCustomOptions': 'mutation { setProductCustomOptions(sku: "NO-SUCH-SKU", options: []) { id } }',
  'Query.reviews': '{ reviews { totalCount } }',
  'Mutation.moderateReview': 'mutation { moderateReview(id: "999999", status: APPROVED) { id } }',
  'Query.catalogImport': '{ catalogImport(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Query.catalogImportLimits': '{ catalogImportLimits { maxUploadBytes } }',
  'Mutation.startCatalogImport': 'UPLOAD',
  'Query.cmsPages': '{ cmsPages { totalCount } }',
  'Query.cmsPage': '{ cmsPage(id: "999999") { id } }',
  'Query.cmsBlocks': '{ cmsBlocks { totalCount } }',
  'Query.cmsBlock': '{ cmsBlock(id: "999999") { id } }',
  'Query.cmsContentPreview': '{ cmsContentPreview(html: "<p>Hi</p>") { html } }',
  'Mutation.createCmsPage': 'mutation { createCmsPage(input: { identifier: "cart", title: "T" }) { id } }',
  'Mutation.updateCmsPage': 'mutation { updateCmsPage(id: "999999", input: { title: "T" }) { id } }',
  'Mutation.deleteCmsPage': 'mutation { deleteCmsPage(id: "999999") }',
  'Mutation.createCmsBlock': 'mutation { createCmsBlock(input: { identifier: "", title: "T" }) { id } }',
  'Mutation.updateCmsBlock': 'mutation { updateCmsBlock(id: "999999", input: { title: "T" }) { id } }',
  'Mutation.deleteCmsBlock': 'mutation { deleteCmsBlock(id: "999999") }',
  'Query.staffMembers': '{ staffMembers { email } }',
  'Mutation.createStaffMember':
    'mutation { createStaffMember(input: { email: "not an address", name: "N", role: VIEWER, password: "Long-enough-password-1" }) { id } }',
  'Mutation.setStaffMemberActive': 'mutation { setStaffMemberActive(id: "999", active: false) { id } }',
  'Mutation.setStaffMemberRole': 'mutation { setStaffMemberRole(id: "999", role: VIEWER) { id } }',
  'Mutation.resetStaffMemberPassword': 'mutation { resetStaffMemberPassword(id: "999") { path } }',
  'Mutation.completeStaffPasswordReset':
    'mutation { completeStaffPasswordReset(token: "no-such-token", password: "Long-enough-password-9") }',
  'Query.auditLog': '{ auditLog(filter: { actor: "cli", action: "order", from: "2026-11-01" }) { totalCount } }',
  'Query.settings': '{ settings { store { name } } }',
  'Query.settingsCountries': '{ settingsCountries { id } }',
  'Mutation.updateStoreSettings':
    'mutation { updateStoreSettings(input: { name: "Vela", contactEmail: "not an address" }) { name } }',
  'Mutation.updateShippingSettings':
    'mutation { updateShippingSettings(carriers: [{ code: "no-such-carrier", active: true, title: "T", methodTitle: "M" }]) { baseCurrency } }',
  'Mutation.updateTaxRates':
    'mutation { updateTaxRates(rates: [{ countryId: "XX", ratePercent: 5, label: "Nowhere tax" }]) { id } }',
  'Mutation.updatePaymentSettings':
    'mutation { updatePaymentSettings(methods: [{ code: "no-such-method", active: false }]) { code } }',
};

const RANK: Record<Caller, number> = { anonymous: 0, viewer: 1, staff: 2, owner: 3 };
const NEEDED: Record<Permission, number> = { anyone: 0, viewer: 1, staff: 2, owner: 3 };

async function upload(shop: Shop, browser: StaffBrowser): Promise<GraphQLResult> {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: 'mutation($f: File!) { startCatalogImport(file: $f) { id } }',
      variables: { f: null },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.f'] }));
  form.set('0', new File([''], 'empty.csv', { type: 'text/csv' }));
  const response = await shop.commerce.backOffice.fetch(
    new Request('http://localhost/admin/graphql', {
      method: 'POST',
      headers: { 'x-csrf-token': browser.csrf ?? '1', ...(browser.cookie ? { cookie: browser.cookie } : {}) },
      body: form,
    }),
  );
  return (await response.json()) as GraphQLResult;
}

const browsers = new Map<Caller, StaffBrowser>();
const secrets = new Map<Caller, string | null>();

async function browserFor(caller: Caller): Promise<StaffBrowser> {
  if (caller === 'anonymous') return staffBrowser(shop);
  const existing = browsers.get(caller);
  if (existing) return existing;
  // A TOTP code works once: the next sign-in waits for the next one, as a person would.
  clock = new Date(clock.getTime() + 31_000);
  const { browser, secret } = await signedIn(shop, `${caller}@example.com`, now, secrets.get(caller) ?? undefined);
  secrets.set(caller, secret);
  browsers.set(caller, browser);
  return browser;
}

beforeAll(async () => {
  shop = await openShop({ now });
  for (const role of roles) await createStaff(shop, `${role}@example.com`, role);
}, 60_000);
afterAll(async () => shop?.close());

describe('every role against every operation', () => {
  it('every operation of the schema has a document here', () => {
    expect(Object.keys(DOCUMENTS).sort()).toEqual(Object.keys(OPERATION_PERMISSIONS).sort());
  });

  const cases = Object.entries(OPERATION_PERMISSIONS).flatMap(([operation, needed]) =>
    (['anonymous', ...roles] as Caller[]).map((caller) => ({
      operation,
      caller,
      allowed: RANK[caller] >= NEEDED[needed],
    })),
  );

  it.each(cases)('$operation as $caller: allowed $allowed', async ({ operation, caller, allowed }) => {
    const browser = await browserFor(caller);
    const document = DOCUMENTS[operation]!;
    // A refusal changes nothing: the only entry it writes is the record of the refusal itself.
    const changes = () =>
      Number(
        (
          shop.sql.prepare(`select count(*) as n from audit_log where action <> 'staff.access_denied'`).get() as {
            n: number;
          }
        ).n,
      );
    const denials = () =>
      Number(
        (
          shop.sql.prepare(`select count(*) as n from audit_log where action = 'staff.access_denied'`).get() as {
            n: number;
          }
        ).n,
      );
    const changesBefore = changes();
    const denialsBefore = denials();
    const result = document === 'UPLOAD' ? await upload(shop, browser) : await browser.gql(document);
    const categories = (result.errors ?? []).map((e) => e.extensions?.category);
    if (allowed) {
      expect(categories).not.toContain('graphql-authorization');
      // Sign-in steps answer "sign in first" to whoever is not half-way: that is their input.
      if (OPERATION_PERMISSIONS[operation] !== 'anyone') expect(categories).not.toContain('graphql-authentication');
    } else {
      expect(categories).toEqual([caller === 'anonymous' ? 'graphql-authentication' : 'graphql-authorization']);
      expect(changes()).toBe(changesBefore);
      expect(denials()).toBe(denialsBefore + (caller === 'anonymous' ? 0 : 1));
    }
    // Signing out ends the session; the next case of this caller signs in again.
    if (operation === 'Mutation.signOut') browsers.delete(caller);
  });
});
