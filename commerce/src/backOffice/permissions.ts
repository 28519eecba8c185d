import type { GraphQLSchema } from 'graphql';
import type { StaffRole } from '../db/tables';

// The least role each operation of the back-office API needs. Every root field must be listed:
// the API refuses to start with one missing (assertEveryOperationHasAPermission), so a new
// operation cannot ship unguarded by forgetting a line here.

export type Permission = 'anyone' | StaffRole;

const RANK: Record<StaffRole, number> = { viewer: 1, staff: 2, owner: 3 };

export const OPERATION_PERMISSIONS: Record<string, Permission> = {
  'Query.me': 'anyone',
  'Query.signInState': 'anyone',
  'Mutation.signIn': 'anyone',
  'Mutation.verifySecondFactor': 'anyone',
  'Mutation.confirmSecondFactorEnrolment': 'anyone',
  'Mutation.signOut': 'anyone',
  'Mutation.startAuthenticatorSetup': 'viewer',
  'Mutation.confirmAuthenticatorSetup': 'viewer',
  'Mutation.removeAuthenticator': 'viewer',
  'Mutation.changePassword': 'viewer',

  'Query.orders': 'viewer',
  'Query.order': 'viewer',
  'Query.dashboard': 'viewer',
  'Query.report': 'viewer',
  'Query.lowStockThreshold': 'viewer',
  // The threshold configures the shop.
  'Mutation.setLowStockThreshold': 'owner',
  'Mutation.invoiceOrder': 'staff',
  'Mutation.shipOrder': 'staff',
  'Mutation.cancelOrder': 'staff',
  'Mutation.refundOrder': 'staff',
  'Mutation.addOrderComment': 'staff',
  // Card money moves through the gateway: staff, like an offline refund.
  'Mutation.capturePayment': 'staff',
  'Mutation.refundPayment': 'staff',
  'Mutation.voidPayment': 'staff',
  'Mutation.updateBraintreeSettings': 'owner',
  'Query.cardPaymentSettings': 'viewer',

  'Query.customers': 'viewer',
  'Query.customer': 'viewer',
  'Mutation.lockCustomer': 'staff',
  'Mutation.unlockCustomer': 'staff',
  'Mutation.createCustomer': 'staff',
  'Mutation.updateCustomer': 'staff',
  'Mutation.sendCustomerPasswordReset': 'staff',
  'Query.customerGroups': 'viewer',
  'Query.customerTaxClasses': 'viewer',
  // A group's name and tax class configure the shop.
  'Mutation.createCustomerGroup': 'owner',
  'Mutation.updateCustomerGroup': 'owner',
  'Mutation.deleteCustomerGroup': 'owner',
  'Mutation.createCustomerTaxClass': 'owner',
  'Query.productTierPrices': 'viewer',
  'Mutation.setProductTierPrices': 'staff',
  // Orders staff create for customers: viewers cannot even open one (it is a cart they would fill).
  'Query.staffOrder': 'staff',
  'Mutation.startStaffOrder': 'staff',
  'Mutation.addStaffOrderProduct': 'staff',
  'Mutation.setStaffOrderQuantity': 'staff',
  'Mutation.applyStaffOrderCoupon': 'staff',
  'Mutation.removeStaffOrderCoupon': 'staff',
  'Mutation.setStaffOrderAddress': 'staff',
  'Mutation.setStaffOrderShippingMethod': 'staff',
  'Mutation.setStaffOrderPaymentMethod': 'staff',
  'Mutation.placeStaffOrder': 'staff',

  'Query.promotions': 'viewer',
  'Query.promotion': 'viewer',
  'Mutation.createPromotion': 'staff',
  'Mutation.updatePromotion': 'staff',
  'Mutation.setPromotionActive': 'staff',
  'Mutation.deletePromotion': 'staff',
  'Mutation.addCoupon': 'staff',
  'Mutation.generateCoupons': 'staff',
  'Mutation.removeCoupon': 'staff',
  'Mutation.setCouponUsageLimit': 'staff',

  'Query.catalogImport': 'staff',
  'Query.catalogImportLimits': 'staff',
  'Mutation.startCatalogImport': 'staff',

  'Query.products': 'viewer',
  'Query.product': 'viewer',
  'Query.productCategoryChoices': 'viewer',
  'Mutation.updateProduct': 'staff',
  'Mutation.createProduct': 'staff',
  'Mutation.setProductImages': 'staff',
  'Query.configurableAttributeChoices': 'viewer',
  'Mutation.createConfigurableProduct': 'staff',
  'Mutation.addProductVariants': 'staff',
  'Mutation.removeProductVariant': 'staff',

  'Query.categoryTree': 'viewer',
  'Query.category': 'viewer',
  'Mutation.createCategory': 'staff',
  'Mutation.updateCategory': 'staff',
  'Mutation.moveCategory': 'staff',
  'Mutation.reorderCategory': 'staff',
  'Mutation.deleteCategory': 'staff',

  'Query.searchSynonymGroups': 'viewer',
  'Mutation.saveSearchSynonymGroup': 'staff',
  'Mutation.deleteSearchSynonymGroup': 'staff',
  'Query.searchTerms': 'viewer',
  'Mutation.updateSearchTerm': 'staff',
  'Mutation.deleteSearchTerm': 'staff',
  'Query.productLinks': 'viewer',
  'Mutation.setProductLinks': 'staff',
  'Query.productCustomOptions': 'viewer',
  'Mutation.setProductCustomOptions': 'staff',
  'Query.reviews': 'viewer',
  'Mutation.moderateReview': 'staff',

  'Query.cmsPages': 'viewer',
  'Query.cmsPage': 'viewer',
  'Query.cmsBlocks': 'viewer',
  'Query.cmsBlock': 'viewer',
  'Query.cmsContentPreview': 'viewer',
  'Mutation.createCmsPage': 'staff',
  'Mutation.updateCmsPage': 'staff',
  'Mutation.deleteCmsPage': 'staff',
  'Mutation.createCmsBlock': 'staff',
  'Mutation.updateCmsBlock': 'staff',
  'Mutation.deleteCmsBlock': 'staff',

  'Query.staffMembers': 'owner',
  'Mutation.createStaffMember': 'owner',
  'Mutation.setStaffMemberActive': 'owner',
  'Mutation.setStaffMemberRole': 'owner',
  'Mutation.resetStaffMemberPassword': 'owner',
  // The link's token is the credential: whoever holds it is the member, signed out.
  'Mutation.completeStaffPasswordReset': 'anyone',
  'Query.auditLog': 'owner',

  'Query.settings': 'viewer',
  'Query.settingsCountries': 'viewer',
  'Mutation.updateStoreSettings': 'owner',
  'Mutation.updateShippingSettings': 'owner',
  'Mutation.updateTaxRates': 'owner',
  'Mutation.updatePaymentSettings': 'owner',
  'Mutation.updatePaymentInstructions': 'owner',

  // Attributes configure the whole catalog (its filters, product pages and searches) and deleting
  // one takes values from every product: owners, like store views; staff set values on products.
  'Query.productAttributes': 'viewer',
  'Query.productAttribute': 'viewer',
  'Mutation.createProductAttribute': 'owner',
  'Mutation.updateProductAttribute': 'owner',
  'Mutation.setProductAttributeOptions': 'owner',
  'Mutation.deleteProductAttribute': 'owner',

  'Query.storeViews': 'viewer',
  'Mutation.saveStoreView': 'owner',
  'Mutation.saveCurrencyRate': 'owner',
  'Query.productStoreTexts': 'viewer',
  'Mutation.saveProductStoreTexts': 'staff',
  'Query.categoryStoreTexts': 'viewer',
  'Mutation.saveCategoryStoreTexts': 'staff',
  'Query.cmsPageStoreTexts': 'viewer',
  'Mutation.saveCmsPageStoreTexts': 'staff',
  'Mutation.massUpdateProducts': 'staff',
};

export function roleAllows(role: StaffRole, needed: Permission): boolean {
  return needed === 'anyone' || RANK[role] >= RANK[needed];
}

export function assertEveryOperationHasAPermission(schema: GraphQLSchema): void {
  const missing: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    if (!type) continue;
    for (const field of Object.keys(type.getFields())) {
      if (!OPERATION_PERMISSIONS[`${type.name}.${field}`]) missing.push(`${type.name}.${field}`);
    }
  }
  if (missing.length > 0) throw new Error(`back office: no permission declared for ${missing.join(', ')}`);
}
