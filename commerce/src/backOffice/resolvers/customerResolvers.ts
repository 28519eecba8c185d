import type {
  MutationCreateCustomerArgs,
  MutationCreateCustomerGroupArgs,
  MutationCreateCustomerTaxClassArgs,
  MutationDeleteCustomerGroupArgs,
  MutationLockCustomerArgs,
  MutationSendCustomerPasswordResetArgs,
  MutationUnlockCustomerArgs,
  MutationUpdateCustomerArgs,
  MutationUpdateCustomerGroupArgs,
  QueryCustomerArgs,
  QueryCustomersArgs,
} from '../../__generated__/backOfficeResolvers';
import type { AdminCustomerRecord, CustomerGroupRecord, CustomerSummaryRecord } from '../../domains/customer';
import { inputError } from '../../domains/errors';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';
import { addressLines, orderSummaryView } from '../adminOrderView';

function service(context: BackOfficeContext) {
  return context.services.customers;
}

function numericId(id: string, what: string, least = 1): number {
  const n = Number(id);
  if (id.trim() === '' || !Number.isInteger(n) || n < least) throw inputError(`"${id}" is not a ${what} id.`);
  return n;
}

const customerId = (id: string) => numericId(id, 'customer');

function fullName(customer: { firstname: string; lastname: string }): string {
  return [customer.firstname, customer.lastname].filter(Boolean).join(' ');
}

type GroupNames = Map<number, string>;

async function groupNames(context: BackOfficeContext): Promise<GroupNames> {
  return new Map((await context.services.customerGroups.list()).map((g) => [g.id, g.code]));
}

function customerSummaryView({ customer, locked, orderCount }: CustomerSummaryRecord, groups: GroupNames) {
  return {
    id: String(customer.id),
    name: fullName(customer),
    email: customer.email,
    createdAt: customer.created_at,
    locked,
    orderCount,
    groupName: groups.get(Number(customer.group_id)) ?? String(customer.group_id),
  };
}

function adminCustomerView(record: AdminCustomerRecord, groups: GroupNames) {
  const { customer } = record;
  return {
    ...customerSummaryView(record, groups),
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
    groupId: String(customer.group_id),
    storeViewId: customer.store_id === null ? null : String(customer.store_id),
  };
}

async function customerView(context: BackOfficeContext, id: number) {
  const [record, groups] = await Promise.all([service(context).load(id), groupNames(context)]);
  if (!record) throw inputError(`There is no customer ${id}.`);
  return adminCustomerView(record, groups);
}

function groupView(group: CustomerGroupRecord) {
  return { ...group, id: String(group.id), taxClassId: String(group.taxClassId) };
}

export const customerResolvers = {
  Query: {
    async customers(_: unknown, args: QueryCustomersArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const [result, groups] = await Promise.all([
        service(context).list(args.search, page, pageSize),
        groupNames(context),
      ]);
      return {
        items: result.items.map((item) => customerSummaryView(item, groups)),
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
      const [record, groups] = await Promise.all([service(context).load(id), groupNames(context)]);
      return record ? adminCustomerView(record, groups) : null;
    },
    customerGroups: async (_: unknown, _args: unknown, context: BackOfficeContext) =>
      (await context.services.customerGroups.list()).map(groupView),
    customerTaxClasses: async (_: unknown, _args: unknown, context: BackOfficeContext) =>
      (await context.services.customerTaxClasses.list()).map((c) => ({ ...c, id: String(c.id) })),
  },
  Mutation: {
    lockCustomer: async (_: unknown, args: MutationLockCustomerArgs, context: BackOfficeContext) =>
      adminCustomerView(
        await service(context).setLocked(customerId(args.id), true, context.actor),
        await groupNames(context),
      ),
    unlockCustomer: async (_: unknown, args: MutationUnlockCustomerArgs, context: BackOfficeContext) =>
      adminCustomerView(
        await service(context).setLocked(customerId(args.id), false, context.actor),
        await groupNames(context),
      ),
    async createCustomer(_: unknown, args: MutationCreateCustomerArgs, context: BackOfficeContext) {
      const { input } = args;
      const id = await context.services.customerStaff.create(
        {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          groupId: numericId(input.groupId, 'customer group', 0),
          storeId: numericId(input.storeViewId, 'store view'),
        },
        context.actor,
      );
      return customerView(context, id);
    },
    async updateCustomer(_: unknown, args: MutationUpdateCustomerArgs, context: BackOfficeContext) {
      const id = customerId(args.id);
      const { input } = args;
      await context.services.customerStaff.update(
        id,
        {
          firstname: input.firstname,
          lastname: input.lastname,
          email: input.email,
          groupId: numericId(input.groupId, 'customer group', 0),
        },
        context.actor,
      );
      return customerView(context, id);
    },
    sendCustomerPasswordReset: (_: unknown, args: MutationSendCustomerPasswordResetArgs, context: BackOfficeContext) =>
      context.services.customerStaff.sendPasswordReset(customerId(args.id), context.actor),
    createCustomerGroup: async (_: unknown, args: MutationCreateCustomerGroupArgs, context: BackOfficeContext) =>
      groupView(
        await context.services.customerGroups.create(
          { code: args.input.code, taxClassId: numericId(args.input.taxClassId, 'tax class') },
          context.actor,
        ),
      ),
    updateCustomerGroup: async (_: unknown, args: MutationUpdateCustomerGroupArgs, context: BackOfficeContext) =>
      groupView(
        await context.services.customerGroups.update(
          numericId(args.id, 'customer group', 0),
          { code: args.input.code, taxClassId: numericId(args.input.taxClassId, 'tax class') },
          context.actor,
        ),
      ),
    createCustomerTaxClass: async (
      _: unknown,
      args: MutationCreateCustomerTaxClassArgs,
      context: BackOfficeContext,
    ) => {
      const created = await context.services.customerTaxClasses.create(
        { name: args.name, taxed: args.taxed },
        context.actor,
      );
      return { ...created, id: String(created.id) };
    },
    deleteCustomerGroup: (_: unknown, args: MutationDeleteCustomerGroupArgs, context: BackOfficeContext) =>
      context.services.customerGroups.delete(numericId(args.id, 'customer group', 0), context.actor),
  },
  AdminCustomer: {
    async activeCart(parent: { id: string }, _args: unknown, context: BackOfficeContext) {
      const priced = await context.services.customerStaff.activeCart(Number(parent.id));
      if (!priced) return null;
      const currency = priced.currency;
      return {
        updatedAt: priced.cart.updated_at,
        lines: priced.lines.map((line) => ({
          sku: line.stockProduct.sku,
          name: line.product.name,
          quantity: line.item.quantity,
          unitPrice: money(line.unitPrice, currency),
          rowTotal: money(line.rowTotal, currency),
        })),
        subtotal: money(priced.subtotal, currency),
        grandTotal: money(priced.grandTotal, currency),
      };
    },
  },
};
