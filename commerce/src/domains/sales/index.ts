// The front door of domains/sales: what other domains, the composition root (domains/context.ts)
// and the API layers use of it. Everything else in this folder is private (tooling/eslint/boundaries.mjs).
export { createGuestOrderService, type GuestOrderService } from './guestOrderService';
export {
  assertPaging,
  createOrderAdminService,
  orderSummaries,
  type AdminOrderRecord,
  type OrderSummaryRecord,
} from './orderAdminService';
export { renderOrderConfirmation, type MailPaymentInstructions } from './orderConfirmationMail';
export { createOrderFulfilmentService } from './orderFulfilmentService';
export { createSalesDocuments, type SalesDocuments } from './salesDocuments';
export { renderSalesDocumentMail } from './salesDocumentMail';
export { detachCustomerOrders, loadOrder, type StoredOrder } from './orderRecordService';
export { createOrderService, type OrderService, type OrderServiceOptions } from './orderService';
export { allowedActions } from './orderStatus';
export { renderShipmentMail } from './shipmentMail';
export { createOrderPaymentAdmin } from './orderPaymentAdmin';
export { createOrderPayments, type PaymentGateway, type PaymentGateways } from './orderPayments';
export { createPaymentWebhooks } from './paymentWebhooks';
export { createStaffOrderService, type StaffOrderDeps, type StaffOrderService } from './staffOrderService';
export { lineOptionPairs } from './orderCustomOptions';
export { orderShippingAddress, orderShipsNothing } from './virtualOrders';
export { createDownloadDelivery, type DownloadDelivery } from './downloadDelivery';
export { customerDownloadableProducts, downloadableLinksOf } from './downloadablePurchases';
