// The front door of domains/customer: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createCustomerAddressService, type CustomerAddressService } from './customerAddressService';
export {
  createCustomerAdminService,
  type AdminCustomerRecord,
  type CustomerSummaryRecord,
} from './customerAdminService';
export { createCustomerCartService, type CustomerCartService } from './customerCartService';
export { createCustomerOrderService, type CustomerOrderService } from './customerOrders';
export { createCustomerService, type CustomerService } from './customerService';
export {
  BUILT_IN_GROUP_IDS,
  createCustomerGroupService,
  type CustomerGroupRecord,
  type CustomerGroupService,
} from './customerGroupService';
export { createCustomerStaffService, type CustomerStaffService } from './customerStaffService';
