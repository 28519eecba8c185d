import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import type { Actor } from '../../kernel/transaction';
import { createCustomerCart, type CartItemRequest, type CartService, type PricedCart } from '../cart';
import type { CheckoutService } from '../checkout';
import type { CartAddressInput } from '../address';
import { isOnlinePaymentMethod } from '../payment';
import { inputError, noSuchEntityError } from '../errors';
import type { OrderService } from './orderService';

// Orders staff take for a customer (on the phone): a cart owned by the customer and opened by a
// staff member, filled and checked out through the same cart and checkout services a shopper's
// cart goes through, so prices (the customer's group, tier prices), coupons, cart rules,
// shipping and tax come from the one pricing path; then placed as the shopper's would be (the
// confirmation mail included), recording which staff member placed it, in the audit log too.

export interface StaffOrderDeps {
  carts: CartService;
  checkout: CheckoutService;
  orders: OrderService;
}

export function createStaffOrderService(db: Kysely<Database>, clock: Clock, deps: StaffOrderDeps) {
  /** Only carts staff opened are reachable here: never a shopper's own cart. */
  async function staffCart(cartId: string): Promise<string> {
    const cart = await db
      .selectFrom('cart')
      .select(['id', 'created_by_staff_id', 'is_active'])
      .where('id', '=', cartId)
      .executeTakeFirst();
    if (!cart || cart.created_by_staff_id === null || cart.created_by_staff_id === undefined)
      throw noSuchEntityError('There is no order being created with this id.');
    if (cart.is_active !== 1) throw inputError('This order is placed already.');
    return cart.id;
  }

  return {
    /** A new, empty cart for the customer in the store view, in that view's display currency. */
    async start(customerId: number, storeId: number, actor: Actor): Promise<PricedCart> {
      const [customer, store] = await Promise.all([
        db.selectFrom('customer').select(['id', 'email']).where('id', '=', customerId).executeTakeFirst(),
        db
          .selectFrom('store_view')
          .select(['id', 'default_display_currency_code', 'is_active'])
          .where('id', '=', storeId)
          .executeTakeFirst(),
      ]);
      if (!customer) throw noSuchEntityError(`There is no customer ${customerId}.`);
      if (!store || store.is_active !== 1) throw inputError(`Store view: there is no active store view ${storeId}.`);
      const id = await createCustomerCart(db, clock, {
        customerId: customer.id,
        email: customer.email,
        scope: { id: store.id, currency: store.default_display_currency_code },
        staffId: actor.staffId ?? 0,
      });
      return deps.carts.priced(id);
    },

    async view(cartId: string): Promise<PricedCart> {
      return deps.carts.priced(await staffCart(cartId));
    },

    async addProducts(cartId: string, requests: readonly CartItemRequest[]) {
      return deps.carts.addProducts(await staffCart(cartId), requests);
    },

    async updateQuantity(cartId: string, itemId: number, quantity: number): Promise<PricedCart> {
      return deps.carts.updateItems(await staffCart(cartId), [{ cart_item_id: itemId, quantity }]);
    },

    async applyCoupon(cartId: string, code: string): Promise<PricedCart> {
      return deps.carts.applyCoupon(await staffCart(cartId), code, 'back-office');
    },

    async removeCoupon(cartId: string): Promise<PricedCart> {
      return deps.carts.removeCoupon(await staffCart(cartId));
    },

    /** The address the order ships to; it bills there too. */
    async setAddress(
      cartId: string,
      address: { address?: CartAddressInput | null; customerAddressId?: number | null },
    ): Promise<PricedCart> {
      const id = await staffCart(cartId);
      await deps.checkout.setShippingAddress(id, [
        { address: address.address ?? null, customer_address_id: address.customerAddressId ?? null },
      ]);
      return deps.checkout.setBillingAddress(id, { same_as_shipping: true });
    },

    async setShippingMethod(cartId: string, carrierCode: string, methodCode: string): Promise<PricedCart> {
      return deps.checkout.setShippingMethod(await staffCart(cartId), [
        { carrier_code: carrierCode, method_code: methodCode },
      ]);
    },

    /** Offline methods only: staff never take card details. */
    async setPaymentMethod(cartId: string, code: string, purchaseOrderNumber: string | null): Promise<PricedCart> {
      if (isOnlinePaymentMethod(code.trim()))
        throw inputError('Payment method: staff orders are paid offline (check, bank transfer, cash on delivery…).');
      return deps.checkout.setPaymentMethod(await staffCart(cartId), {
        code,
        purchase_order_number: purchaseOrderNumber,
      });
    },

    async place(cartId: string, actor: Actor) {
      return deps.orders.place(await staffCart(cartId), actor);
    },
  };
}

export type StaffOrderService = ReturnType<typeof createStaffOrderService>;
