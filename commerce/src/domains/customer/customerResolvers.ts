import type {
  MutationAssignCustomerToGuestCartArgs,
  MutationChangeCustomerPasswordArgs,
  MutationCreateCustomerAddressArgs,
  MutationCreateCustomerArgs,
  MutationCreateCustomerV2Args,
  MutationDeleteCustomerAddressArgs,
  MutationGenerateCustomerTokenArgs,
  MutationMergeCartsArgs,
  MutationReorderItemsArgs,
  MutationRequestPasswordResetEmailArgs,
  MutationResetPasswordArgs,
  MutationUpdateCustomerAddressArgs,
  MutationUpdateCustomerArgs,
  MutationUpdateCustomerEmailArgs,
  MutationUpdateCustomerV2Args,
  QueryIsEmailAvailableArgs,
  CustomerOrdersArgs,
} from '../../__generated__/resolvers';
import type { CustomerTable } from '../../db/tables';
import type { RequestContext } from '../context';
import { authorizationError, inputError } from '../errors';
import { NOT_AUTHORIZED, tokenLifetimeHours } from '../auth';
import type { CustomerAddressView } from './customerAddressService';

// Resolvers take the customer from the token, never from arguments: a customer can only ever
// name their own account, and nested fields read only what hangs off that account.

/** Accounts are active from creation: no e-mail confirmation is asked for. */
const CONFIRMATION_STATUS: string = 'ACCOUNT_CONFIRMATION_NOT_REQUIRED';

export const customerResolvers = {
  Query: {
    customerOrders: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.customerOrders.all(await context.auth.requireCustomerId()),
    customer: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.customers.load(await context.auth.requireCustomerId()),
    customerCart: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.customerCarts.customerCart(await context.auth.requireCustomerId(), context.store),
    isEmailAvailable: async (_root: unknown, args: QueryIsEmailAvailableArgs, context: RequestContext) => ({
      is_email_available: await context.services.customers.isEmailAvailable(args.email),
    }),
  },
  Mutation: {
    createCustomer: async (_root: unknown, args: MutationCreateCustomerArgs, context: RequestContext) => ({
      customer: await context.services.customers.create(args.input, context.client, context.store.id),
    }),
    createCustomerV2: async (_root: unknown, args: MutationCreateCustomerV2Args, context: RequestContext) => ({
      customer: await context.services.customers.create(args.input, context.client, context.store.id),
    }),
    generateCustomerToken: async (
      _root: unknown,
      args: MutationGenerateCustomerTokenArgs,
      context: RequestContext,
    ) => ({ token: await context.services.customers.signIn(args.email, args.password, context.client) }),
    revokeCustomerToken: async (_root: unknown, _args: unknown, context: RequestContext) => {
      await context.auth.requireCustomerId();
      await context.services.customers.signOut(context.auth.token!);
      return { result: true };
    },
    updateCustomer: async (_root: unknown, args: MutationUpdateCustomerArgs, context: RequestContext) => {
      const id = await context.auth.requireCustomerId();
      const { email, password, ...profile } = args.input;
      if (email) {
        const current = await context.services.customers.load(id);
        if (email.trim().toLowerCase() !== current.email)
          await context.services.customers.updateEmail(id, email, password ?? '');
      }
      return { customer: await context.services.customers.update(id, profile) };
    },
    updateCustomerV2: async (_root: unknown, args: MutationUpdateCustomerV2Args, context: RequestContext) => ({
      customer: await context.services.customers.update(await context.auth.requireCustomerId(), args.input),
    }),
    updateCustomerEmail: async (_root: unknown, args: MutationUpdateCustomerEmailArgs, context: RequestContext) => ({
      customer: await context.services.customers.updateEmail(
        await context.auth.requireCustomerId(),
        args.email,
        args.password,
      ),
    }),
    changeCustomerPassword: async (_root: unknown, args: MutationChangeCustomerPasswordArgs, context: RequestContext) =>
      context.services.customers.changePassword(
        await context.auth.requireCustomerId(),
        args.currentPassword,
        args.newPassword,
      ),
    requestPasswordResetEmail: (_root: unknown, args: MutationRequestPasswordResetEmailArgs, context: RequestContext) =>
      context.services.customers.requestPasswordReset(args.email, context.client),
    resetPassword: (_root: unknown, args: MutationResetPasswordArgs, context: RequestContext) =>
      context.services.customers.resetPassword(args.email, args.resetPasswordToken, args.newPassword),
    createCustomerAddress: async (_root: unknown, args: MutationCreateCustomerAddressArgs, context: RequestContext) =>
      context.services.addresses.create(await context.auth.requireCustomerId(), args.input),
    updateCustomerAddress: async (_root: unknown, args: MutationUpdateCustomerAddressArgs, context: RequestContext) => {
      const customerId = await context.auth.requireCustomerId();
      if (!args.id) throw inputError('Address "id" value should be specified');
      return context.services.addresses.update(customerId, args.id, args.input);
    },
    deleteCustomerAddress: async (_root: unknown, args: MutationDeleteCustomerAddressArgs, context: RequestContext) => {
      const customerId = await context.auth.requireCustomerId();
      if (!args.id) throw inputError('Address "id" value should be specified');
      return context.services.addresses.delete(customerId, args.id);
    },
    mergeCarts: async (_root: unknown, args: MutationMergeCartsArgs, context: RequestContext) => {
      const customerId = await context.auth.customerId();
      if (customerId === null) throw authorizationError(NOT_AUTHORIZED);
      return context.services.customerCarts.merge(
        customerId,
        args.source_cart_id,
        args.destination_cart_id,
        context.store,
      );
    },
    deleteCustomer: async (_root: unknown, _args: unknown, context: RequestContext) =>
      context.services.customers.delete(await context.auth.requireCustomerId()),
    reorderItems: async (_root: unknown, args: MutationReorderItemsArgs, context: RequestContext) => {
      const { cart, userErrors } = await context.services.customerCarts.reorder(
        await context.auth.requireCustomerId(),
        args.orderNumber,
        context.store,
      );
      return {
        cart,
        userInputErrors: userErrors.map((e) => ({ code: e.code, message: e.message, path: ['orderNumber'] })),
      };
    },
    assignCustomerToGuestCart: async (
      _root: unknown,
      args: MutationAssignCustomerToGuestCartArgs,
      context: RequestContext,
    ) => context.services.customerCarts.assignGuestCart(await context.auth.requireCustomerId(), args.cart_id),
  },
  CustomerToken: {
    customer_token_lifetime: async (_token: unknown, _args: unknown, context: RequestContext) =>
      Math.round((await tokenLifetimeHours(context.services.db)) * 3600),
  },
  Customer: {
    id: (c: CustomerTable) => c.id,
    // Magento 2.4.7's (deprecated) group_id: the customer group the account is in.
    group_id: (c: CustomerTable) => c.group_id,
    dob: (c: CustomerTable) => c.date_of_birth,
    is_subscribed: (c: CustomerTable, _args: unknown, context: RequestContext) =>
      context.services.newsletter.isSubscribed(c),
    addresses: (c: CustomerTable, _args: unknown, context: RequestContext) => context.services.addresses.list(c.id),
    default_billing: (c: CustomerTable) => (c.default_billing === null ? null : String(c.default_billing)),
    default_shipping: (c: CustomerTable) => (c.default_shipping === null ? null : String(c.default_shipping)),
    confirmation_status: () => CONFIRMATION_STATUS,
    // Confirmed, or needing no confirmation, as the PWA metapackage defines it.
    is_confirmed: () => CONFIRMATION_STATUS !== 'ACCOUNT_CONFIRMATION_REQUIRED',
    // Magento's code of group 1, the one every customer here is in.
    group_code: () => 'General',
    allow_remote_shopping_assistance: () => false,
    orders: (c: CustomerTable, args: CustomerOrdersArgs, context: RequestContext) =>
      context.services.customerOrders.list(c.id, args),
  },
  CustomerAddress: {
    id: (a: CustomerAddressView) => a.id,
    customer_id: (a: CustomerAddressView) => a.customerId,
    firstname: (a: CustomerAddressView) => a.address.firstname,
    lastname: (a: CustomerAddressView) => a.address.lastname,
    middlename: (a: CustomerAddressView) => a.address.middlename,
    prefix: (a: CustomerAddressView) => a.address.prefix,
    suffix: (a: CustomerAddressView) => a.address.suffix,
    company: (a: CustomerAddressView) => a.address.company,
    street: (a: CustomerAddressView) => a.address.street,
    city: (a: CustomerAddressView) => a.address.city,
    region: (a: CustomerAddressView) => ({
      region: a.address.region,
      region_code: a.address.region_code,
      region_id: a.address.region_id,
    }),
    region_id: (a: CustomerAddressView) => a.address.region_id,
    postcode: (a: CustomerAddressView) => a.address.postcode,
    country_code: (a: CustomerAddressView) => a.address.country_code,
    country_id: (a: CustomerAddressView) => a.address.country_code,
    telephone: (a: CustomerAddressView) => a.address.telephone,
    fax: (a: CustomerAddressView) => a.address.fax,
    vat_id: (a: CustomerAddressView) => a.address.vat_id,
    default_billing: (a: CustomerAddressView) => a.defaultBilling,
    default_shipping: (a: CustomerAddressView) => a.defaultShipping,
  },
};
