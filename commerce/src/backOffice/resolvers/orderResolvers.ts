import type {
  MutationAddOrderCommentArgs,
  MutationCancelOrderArgs,
  MutationInvoiceOrderArgs,
  MutationRefundOrderArgs,
  MutationShipOrderArgs,
  QueryOrderArgs,
  QueryOrdersArgs,
} from '../../__generated__/backOfficeResolvers';
import { money } from '../../kernel/money';
import type { BackOfficeContext } from '../backOfficeContext';
import { adminOrderView, orderSummaryView } from '../adminOrderView';

async function orderAfter(context: BackOfficeContext, id: number) {
  return adminOrderView(await context.services.orders.loadById(id));
}

export const orderResolvers = {
  Query: {
    async orders(_: unknown, args: QueryOrdersArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 20;
      const result = await context.services.orders.list(args.filter ?? {}, page, pageSize);
      return {
        items: result.items.map(orderSummaryView),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
    async order(_: unknown, args: QueryOrderArgs, context: BackOfficeContext) {
      const record = await context.services.orders.load(args.number);
      return record ? adminOrderView(record) : null;
    },
    async dashboard(_: unknown, __: unknown, context: BackOfficeContext) {
      const figures = await context.services.orders.dashboard(context.services.clock());
      const base = (minor: number) => money(minor, figures.baseCurrency);
      return {
        today: { orders: figures.today.orders, revenue: base(figures.today.revenue) },
        last30Days: { orders: figures.last30Days.orders, revenue: base(figures.last30Days.revenue) },
        daily: figures.daily.map((d) => ({ date: d.date, orders: d.orders, revenue: base(d.revenue) })),
        lowStock: figures.lowStock.map((p) => ({ sku: p.sku, name: p.name, quantity: Number(p.stock_qty) })),
        awaitingShipment: figures.awaitingShipment.map(orderSummaryView),
        awaitingShipmentCount: figures.awaitingShipmentCount,
      };
    },
  },
  Mutation: {
    invoiceOrder: async (_: unknown, args: MutationInvoiceOrderArgs, context: BackOfficeContext) =>
      orderAfter(
        context,
        await context.services.fulfilment.invoice({ number: args.number, lines: args.lines }, context.actor),
      ),
    shipOrder: async (_: unknown, args: MutationShipOrderArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.fulfilment.ship(args.input, context.actor)),
    cancelOrder: async (_: unknown, args: MutationCancelOrderArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.fulfilment.cancel(args.number, context.actor)),
    refundOrder: async (_: unknown, args: MutationRefundOrderArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.fulfilment.refund(args.input, context.actor)),
    addOrderComment: async (_: unknown, args: MutationAddOrderCommentArgs, context: BackOfficeContext) =>
      orderAfter(context, await context.services.fulfilment.comment(args.input, context.actor)),
  },
};
