import type { SalesOrderTable, StaffUserTable } from '../db/tables';
import { money } from '../kernel/money';
import type { StoredAddress } from '../domains/address';
import {
  type AdminOrderRecord,
  type OrderSummaryRecord,
  allowedActions,
  lineOptionPairs,
  orderShipsNothing,
} from '../domains/sales';

// The one place that shapes the back office's order, staff and audit types from rows.

function upper<T extends string>(value: string): T {
  return value.toUpperCase() as T;
}

export function addressLines(json: string): string[] {
  const a = JSON.parse(json) as StoredAddress;
  return [
    [a.firstname, a.lastname].filter(Boolean).join(' '),
    ...(a.company ? [a.company] : []),
    ...a.street,
    [a.postcode, a.city].filter(Boolean).join(' '),
    ...(a.region ? [a.region] : []),
    a.country_name || a.country_code,
    ...(a.telephone ? [a.telephone] : []),
  ];
}

function customerName(order: SalesOrderTable): string {
  const a = JSON.parse(order.billing_address) as StoredAddress;
  return [a.firstname, a.lastname].filter(Boolean).join(' ');
}

export function orderSummaryView({ order, itemCount }: OrderSummaryRecord) {
  return {
    number: order.number,
    status: upper<'PENDING'>(order.status),
    createdAt: order.created_at,
    email: order.email,
    customerName: customerName(order),
    grandTotal: money(order.grand_total, order.currency),
    itemCount,
  };
}

function documentLines(record: AdminOrderRecord, lines: Array<{ line: number; quantity: number }>) {
  return lines.map((l) => {
    const item = record.items.find((i) => i.line === l.line);
    return { line: l.line, sku: item?.sku ?? '', name: item?.name ?? '', quantity: l.quantity };
  });
}

export function adminOrderView(record: AdminOrderRecord) {
  const { order } = record;
  const m = (minor: number) => money(minor, order.currency);
  return {
    number: order.number,
    status: upper<'PENDING'>(order.status),
    allowedActions: allowedActions(order, record.items).map((a) => upper<'INVOICE'>(a)),
    createdAt: order.created_at,
    storeCode: record.storeCode,
    email: order.email,
    customerName: customerName(order),
    customerEmail: record.customerEmail,
    items: record.items.map((item) => ({
      line: item.line,
      sku: item.sku,
      name: item.name,
      // A configurable's choices, a bundle's chosen products and custom options, as the mail has them.
      options: lineOptionPairs(item).map((o) => `${o.label}: ${o.value}`),
      quantityOrdered: item.quantity,
      quantityInvoiced: item.qty_invoiced,
      quantityShipped: item.qty_shipped,
      quantityRefunded: item.qty_refunded,
      price: m(item.price),
      rowTotal: m(item.row_total),
    })),
    subtotal: m(order.subtotal),
    discount: m(order.discount),
    shipping: m(order.shipping),
    tax: m(order.tax),
    grandTotal: m(order.grand_total),
    totalPaid: m(order.total_paid),
    totalRefunded: m(order.total_refunded),
    couponCode: order.coupon_code,
    // Empty for an order with nothing to ship (sales/virtualOrders.ts).
    shippingMethod: orderShipsNothing(order) ? '' : `${order.shipping_carrier_title} – ${order.shipping_method_title}`,
    paymentMethod: order.payment_title,
    shippingAddress: orderShipsNothing(order) ? [] : addressLines(order.shipping_address),
    billingAddress: addressLines(order.billing_address),
    invoices: record.invoices.map((i) => ({
      number: i.number,
      lines: documentLines(
        record,
        record.invoiceItems.filter((l) => l.invoice_id === i.id),
      ),
      subtotal: m(i.subtotal),
      discount: m(i.discount),
      shipping: m(i.shipping),
      tax: m(i.tax),
      grandTotal: m(i.grand_total),
      createdAt: i.created_at,
    })),
    shipments: record.shipments.map((s) => ({
      number: s.number,
      lines: documentLines(
        record,
        record.shipmentItems.filter((l) => l.shipment_id === s.id),
      ),
      carrier: s.carrier,
      carrierTitle: s.carrier_title,
      trackingNumber: s.tracking_number,
      createdAt: s.created_at,
    })),
    refunds: record.refunds.map((r) => ({
      number: r.number,
      lines: (JSON.parse(r.lines) as Array<{ line: number; quantity: number; amount: number }>).map((l) => ({
        line: l.line,
        sku: record.items.find((item) => item.line === l.line)?.sku ?? '',
        quantity: l.quantity,
        amount: m(l.amount),
      })),
      subtotal: m(r.subtotal),
      shipping: m(r.shipping),
      grandTotal: m(r.grand_total),
      returnedToStock: r.returned_to_stock === 1,
      createdAt: r.created_at,
    })),
    comments: record.comments.map((c) => ({
      message: c.message,
      author: c.author,
      visibleToCustomer: c.is_visible_to_customer === 1,
      createdAt: c.created_at,
    })),
  };
}

export function staffMemberView(staff: StaffUserTable) {
  return {
    id: String(staff.id),
    email: staff.email,
    name: staff.name,
    role: upper<'OWNER'>(staff.role),
    secondFactorEnabled: staff.totp_secret !== null,
    active: staff.is_active === 1,
  };
}
