import type {
  MutationCompleteStaffPasswordResetArgs,
  MutationResetStaffMemberPasswordArgs,
  MutationSetStaffMemberRoleArgs,
  MutationCreateStaffMemberArgs,
  MutationSetStaffMemberActiveArgs,
  QueryAuditLogArgs,
} from '../../__generated__/backOfficeResolvers';
import { assertPaging } from '../../domains/sales';
import { inputError } from '../../domains/errors';
import type { BackOfficeContext } from '../backOfficeContext';
import { staffMemberView } from '../adminOrderView';

function staffId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,9}$/.test(raw) || id < 1) throw inputError(`"${raw}" is not a staff account id.`);
  return id;
}

export const staffResolvers = {
  Mutation: {
    createStaffMember: async (_: unknown, args: MutationCreateStaffMemberArgs, context: BackOfficeContext) =>
      staffMemberView(
        await context.services.staff.create({ ...args.input, role: args.input.role.toLowerCase() }, context.actor),
      ),
    async setStaffMemberActive(_: unknown, args: MutationSetStaffMemberActiveArgs, context: BackOfficeContext) {
      const id = Number(args.id);
      if (!Number.isInteger(id) || id < 1) throw inputError(`"${args.id}" is not a staff account id.`);
      return staffMemberView(await context.services.staff.setActive(id, args.active, context.actor));
    },
    setStaffMemberRole: async (_: unknown, args: MutationSetStaffMemberRoleArgs, context: BackOfficeContext) =>
      staffMemberView(await context.services.staff.setRole(staffId(args.id), args.role.toLowerCase(), context.actor)),
    resetStaffMemberPassword: (_: unknown, args: MutationResetStaffMemberPasswordArgs, context: BackOfficeContext) =>
      context.services.staff.startPasswordReset(staffId(args.id), context.actor),
    async completeStaffPasswordReset(
      _: unknown,
      args: MutationCompleteStaffPasswordResetArgs,
      context: BackOfficeContext,
    ) {
      await context.services.staff.completePasswordReset(args.token, args.password);
      return true;
    },
  },
  Query: {
    staffMembers: async (_: unknown, __: unknown, context: BackOfficeContext) =>
      (await context.services.staff.list()).map(staffMemberView),
    async auditLog(_: unknown, args: QueryAuditLogArgs, context: BackOfficeContext) {
      const page = args.page ?? 1;
      const pageSize = args.pageSize ?? 50;
      assertPaging(page, pageSize);
      const result = await context.services.audit.read(page, pageSize, args.filter ?? {});
      return {
        items: result.items.map((entry) => ({
          id: String(entry.id),
          actor: entry.staff_email,
          action: entry.action,
          entityType: entry.entity_type,
          entityId: entry.entity_id,
          before: entry.before,
          after: entry.after,
          createdAt: entry.created_at,
          clientAddress: entry.client_address,
        })),
        totalCount: result.totalCount,
        page,
        pageSize,
        totalPages: Math.max(1, Math.ceil(result.totalCount / pageSize)),
      };
    },
  },
};
