import type {
  MutationLockCustomerArgs,
  MutationUnlockCustomerArgs,
  QueryCustomerArgs,
  QueryCustomersArgs,
} from '../../__generated__/backOfficeResolvers';
import type { AdminCustomerRecord, CustomerSummaryRecord } from '../../domains/customer';
import { inputError } from '../../domains/errors';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';
import { addressLines, orderSummaryView } from '../adminOrderView';

function service(context: BackOfficeContext) {
  return context.services.customers;
}

function customerId(id: string): number {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1) throw inputError(`"${id}" is not a customer id.`);
  return n;
}

function fullName(customer: { firstname: string; lastname: string }): string {
  return [customer.firstname, customer.lastname].filter(Boolean).join(' ');
}

function customerSummaryView({ customer, locked, orderCount }: CustomerSummaryRecord) {
  return {
    id: String(customer.id),
    name: fullName(customer),
    email: customer.email,
    createdAt: customer.created_at,
    locked,
    orderCount,
  };
}

function adminCustomerView(record: AdminCustomerRecord) {
  const { customer } = record;
  return {
    ...customerSummaryView(record),
    firstname: customer.firstname,
    lastname: customer.lastname,
    lockedUntil: record.locked ? customer.lock_expires : null,
    lifetimeTotal: money(record.lifetimeTotal, record.baseCurrency),
    addresses: record.addresses.map((address) => ({
      id: String(address.id),
      lines: addressLines(address.address),
      defaultBilling: customer.default_billing === address.id,
      defaultShipping: customer.default_shipping === address.id,
    })),
    orders: record.orders.map(orderSummaryView),
  };
}

export const customerResolvers = {
  Query: {
    async customers(_: unknown, args: QueryCustomersArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await service(context).list(args.search, page, pageSize);
      return {
        items: result.items.map(customerSummaryView),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
    async customer(_: unknown, args: QueryCustomerArgs, context: BackOfficeContext) {
      const id = Number(args.id);
      // A nonsense id finds nobody, like a missing one.
      if (!Number.isInteger(id) || id < 1) return null;
      const record = await service(context).load(id);
      return record ? adminCustomerView(record) : null;
    },
  },
  Mutation: {
    lockCustomer: async (_: unknown, args: MutationLockCustomerArgs, context: BackOfficeContext) =>
      adminCustomerView(await service(context).setLocked(customerId(args.id), true, context.actor)),
    unlockCustomer: async (_: unknown, args: MutationUnlockCustomerArgs, context: BackOfficeContext) =>
      adminCustomerView(await service(context).setLocked(customerId(args.id), false, context.actor)),
  },
};
