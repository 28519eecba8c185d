import type {
  MutationCreateProductAttributeArgs,
  MutationDeleteProductAttributeArgs,
  MutationSetProductAttributeOptionsArgs,
  MutationUpdateProductAttributeArgs,
  QueryProductAttributeArgs,
} from '../../__generated__/backOfficeResolvers';
import { ATTRIBUTE_INPUTS, type AttributeAdminService, type AttributeDetail } from '../../domains/catalogTransfer';
import { fieldError } from '../../kernel/formInput';
import type { BackOfficeContext } from '../backOfficeContext';

// Product attributes in the back office. The service holds the rules; here ids are parsed and the
// back office's types come out.

function attributesOf(context: BackOfficeContext): AttributeAdminService {
  return context.services.attributes;
}

function detailView(detail: AttributeDetail) {
  return {
    ...detail,
    options: detail.options.map((o) => ({ ...o, id: String(o.id) })),
    inputTypes: [...ATTRIBUTE_INPUTS],
  };
}

function optionId(raw: string | null | undefined, index: number): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw fieldError(`options.${index}.id`, `"${raw.slice(0, 20)}" is not an option id.`);
  return id;
}

export const attributeResolvers = {
  Query: {
    productAttributes: (_: unknown, __: unknown, context: BackOfficeContext) => attributesOf(context).list(),
    productAttribute: async (_: unknown, args: QueryProductAttributeArgs, context: BackOfficeContext) =>
      detailView(await attributesOf(context).get(args.code)),
  },
  Mutation: {
    createProductAttribute: async (_: unknown, args: MutationCreateProductAttributeArgs, context: BackOfficeContext) =>
      detailView(await attributesOf(context).create(args.code, args.input, context.actor)),
    updateProductAttribute: async (_: unknown, args: MutationUpdateProductAttributeArgs, context: BackOfficeContext) =>
      detailView(await attributesOf(context).update(args.code, args.input, context.actor)),
    setProductAttributeOptions: async (
      _: unknown,
      args: MutationSetProductAttributeOptionsArgs,
      context: BackOfficeContext,
    ) =>
      detailView(
        await attributesOf(context).setOptions(
          args.code,
          args.options.map((o, index) => ({ ...o, id: optionId(o.id, index) })),
          args.confirmRemoval === true,
          context.actor,
        ),
      ),
    async deleteProductAttribute(_: unknown, args: MutationDeleteProductAttributeArgs, context: BackOfficeContext) {
      await attributesOf(context).remove(args.code, args.confirmRemoval === true, context.actor);
      return args.code;
    },
  },
};
