import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { inputError } from '../errors';
import {
  requireActiveCart,
  touchCart,
  priceCart,
  type PricedCart,
  liveSettings,
  type PricingSettingsSource,
  cartHasNothingToShip,
  NOTHING_TO_SHIP,
} from '../cart';
import type { ShippingQuote } from '../shipping';
import { validateCartAddress, type CartAddressInput, type StoredAddress } from '../address';
import { findDestination } from '../directory';
import { inWriteTransaction } from '../../kernel/transaction';
import { isValidEmail } from '../../kernel/emailAddress';
import type { CustomerAddressService } from '../customer';
import type { CartTable } from '../../db/tables';
import type { Clock } from '../../kernel/clock';
import {
  BRAINTREE_METHOD_CODE,
  BRAINTREE_VAULT_METHOD_CODE,
  isBraintreeNonceMethod,
  findKeptPaymentMethod,
  isPublicHash,
  STRIPE_METHOD_CODE,
} from '../payment';

export interface ShippingAddressRequest {
  address?: CartAddressInput | null;
  customer_address_id?: number | null;
  customer_notes?: string | null;
}

export interface BillingAddressRequest {
  address?: CartAddressInput | null;
  customer_address_id?: number | null;
  same_as_shipping?: boolean | null;
  use_for_shipping?: boolean | null;
}

export interface EstimateRequest {
  cart_id: string;
  address: {
    country_code: string;
    postcode?: string | null;
    region?: { region?: string | null; region_code?: string | null; region_id?: number | null } | null;
  };
}

const GUEST_ONLY = "The current customer isn't authorized.";

/** What setPaymentMethodOnCart's `stripe_payments` may carry (Stripe's module for Adobe Commerce). */
export interface StripePaymentsRequest {
  payment_method?: string | null;
  cc_stripejs_token?: string | null;
  confirmation_token?: string | null;
  save_payment_method?: boolean | null;
}

// A Stripe payment method id: `pm_` and Stripe's id characters, nothing else reaches the gateway.
const STRIPE_PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{6,200}$/;

/** The cart's payment_data for Stripe: the payment method id the browser's Stripe.js made. */
function stripePaymentData(request: StripePaymentsRequest | null | undefined): string {
  if (request?.confirmation_token && !request.payment_method && !request.cc_stripejs_token)
    throw inputError('Confirmation tokens are not accepted here: send the payment method in "payment_method".');
  const id = (request?.payment_method ?? request?.cc_stripejs_token ?? '').trim();
  if (!id) throw inputError('Required parameter "payment_method" for "stripe_payments" is missing.');
  if (!STRIPE_PAYMENT_METHOD_ID.test(id)) throw inputError('The "payment_method" is not a Stripe payment method id.');
  return JSON.stringify({ payment_method: id, save_payment_method: request?.save_payment_method === true });
}

/** What setPaymentMethodOnCart's `braintree` carries (Magento's Braintree module). */
export interface BraintreeRequest {
  payment_method_nonce: string;
  is_active_payment_token_enabler: boolean;
  device_data?: string | null;
}

/** What setPaymentMethodOnCart's `braintree_cc_vault` carries. */
export interface BraintreeVaultRequest {
  public_hash: string;
  device_data?: string | null;
}

// A Braintree nonce (`tokencc_…`, a sandbox `fake-…-nonce`): Braintree's id characters, nothing else.
const BRAINTREE_NONCE = /^[A-Za-z0-9_-]{6,200}$/;
// Device data is Braintree's JSON from its data collector; bounded so a cart cannot carry a blob.
const MAX_DEVICE_DATA = 4096;

function deviceDataOf(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  if (value.length > MAX_DEVICE_DATA) throw inputError('The "device_data" is too long.');
  return value;
}

/** The cart's payment_data for Braintree: the nonce the browser's Braintree SDK made. */
function braintreePaymentData(request: BraintreeRequest | null | undefined, code: string): string {
  const nonce = request?.payment_method_nonce?.trim() ?? '';
  if (!nonce) throw inputError(`Required parameter "payment_method_nonce" for "${code}" is missing.`);
  if (!BRAINTREE_NONCE.test(nonce)) throw inputError('The "payment_method_nonce" is not a Braintree nonce.');
  return JSON.stringify({
    payment_method: nonce,
    // A wallet's card is not kept: its vault (braintree_applepay_vault, …) is not built.
    save_payment_method: code === BRAINTREE_METHOD_CODE && request?.is_active_payment_token_enabler === true,
    device_data: deviceDataOf(request?.device_data),
  });
}

export interface ShippingMethodChoice {
  carrier_code: string;
  method_code: string;
}

export function createCheckoutService(
  db: Kysely<Database>,
  now: Clock,
  settings: PricingSettingsSource = liveSettings(db),
  addresses?: CustomerAddressService,
) {
  // Outside a transaction, the shop's settings come from `settings`; inside one, they are read live.
  const priced = async (cartId: string) => priceCart(db, await requireActiveCart(db, cartId), { now: now(), settings });

  /**
   * The address a request sets: a saved one of the cart's customer (customer_address_id), or a
   * typed one, kept in the address book when asked. Cart ownership was checked before any
   * resolver ran (auth/cartAccessGuard), so the cart's customer is the caller.
   */
  async function addressFor(
    trx: Kysely<Database>,
    cart: CartTable,
    request: { address?: CartAddressInput | null; customer_address_id?: number | null },
  ): Promise<StoredAddress | null> {
    if (request.customer_address_id) {
      if (cart.customer_id === null || !addresses) throw inputError(GUEST_ONLY);
      return addresses.forCart(trx, cart.customer_id, request.customer_address_id);
    }
    if (!request.address) return null;
    const address = await validateCartAddress(trx, request.address);
    if (request.address.save_in_address_book && cart.customer_id !== null && addresses)
      await addresses.saveFromCart(trx, cart.customer_id, address);
    return address;
  }

  /**
   * The cart priced for the request's destination, with a shipping method assumed when one is
   * given; null when the country is not one the shop knows.
   */
  async function estimate(request: EstimateRequest, method: ShippingMethodChoice | null = null) {
    const cart = await requireActiveCart(db, request.cart_id);
    const destination = await findDestination(db, request.address.country_code, request.address.region);
    if (!destination) return null;
    const assumed = method
      ? { ...cart, shipping_carrier_code: method.carrier_code, shipping_method_code: method.method_code }
      : cart;
    return priceCart(db, assumed, { destination, now: now(), settings });
  }

  return {
    async setGuestEmail(cartId: string, email: string): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        if (cart.customer_id !== null) throw inputError('The request is not allowed for logged in customers');
        if (!email.trim()) throw inputError('Required parameter "email" is missing');
        if (!isValidEmail(email)) throw inputError('Invalid email format');
        await touchCart(trx, now, cartId, { email: email.trim() });
      });
      return priced(cartId);
    },

    async setShippingAddress(
      cartId: string,
      requests: ReadonlyArray<ShippingAddressRequest | null>,
    ): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        const present = requests.filter((r): r is ShippingAddressRequest => r !== null);
        if (present.length === 0) throw inputError('Required parameter "shipping_addresses" is missing');
        if (present.length > 1) throw inputError('You cannot specify multiple shipping addresses.');
        if (await cartHasNothingToShip(trx, cartId)) throw inputError(NOTHING_TO_SHIP);
        const [request] = present as [ShippingAddressRequest];
        const address = await addressFor(trx, cart, request);
        if (!address) throw inputError('The shipping address must contain either "customer_address_id" or "address".');
        await touchCart(trx, now, cartId, {
          shipping_address: JSON.stringify({ ...address, customer_notes: request.customer_notes?.trim() || null }),
        });
      });
      return priced(cartId);
    },

    async setBillingAddress(cartId: string, request: BillingAddressRequest): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        if (!request.address && !request.customer_address_id) {
          if (!request.same_as_shipping)
            throw inputError(
              'The billing address must contain either "customer_address_id", "address", or "same_as_shipping".',
            );
          if (!cart.shipping_address)
            throw inputError(
              'Could not use the "same_as_shipping" option, because the shipping address has not been set.',
            );
          const { customer_notes: _notes, ...address } = JSON.parse(cart.shipping_address) as Record<string, unknown>;
          await touchCart(trx, now, cartId, { billing_address: JSON.stringify(address) });
          return;
        }
        const address = JSON.stringify(await addressFor(trx, cart, request));
        const alsoShipping = request.use_for_shipping === true || request.same_as_shipping === true;
        await touchCart(
          trx,
          now,
          cartId,
          alsoShipping ? { billing_address: address, shipping_address: address } : { billing_address: address },
        );
      });
      return priced(cartId);
    },

    /** Shipping methods for a destination, computed like the real cart but without storing anything. */
    async estimateShippingMethods(request: EstimateRequest): Promise<ShippingQuote[]> {
      return (await estimate(request))?.shippingMethods ?? [];
    },

    /**
     * The cart priced as if shipped to the address (and with the shipping method, when one is
     * given): shipping, tax and totals as they would be. Nothing is stored on the cart.
     */
    async estimateTotals(request: EstimateRequest & { shipping_method?: ShippingMethodChoice | null }) {
      const cart = await requireActiveCart(db, request.cart_id);
      return (
        (await estimate(request, request.shipping_method ?? null)) ?? priceCart(db, cart, { now: now(), settings })
      );
    },

    async setShippingMethod(
      cartId: string,
      methods: ReadonlyArray<{ carrier_code: string; method_code: string } | null>,
    ): Promise<PricedCart> {
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        const present = methods.filter((m): m is { carrier_code: string; method_code: string } => m !== null);
        if (present.length === 0) throw inputError('Required parameter "shipping_methods" is missing');
        if (present.length > 1) throw inputError('You cannot specify multiple shipping methods.');
        if (await cartHasNothingToShip(trx, cartId)) throw inputError(NOTHING_TO_SHIP);
        const [method] = present as [{ carrier_code: string; method_code: string }];
        if (!cart.shipping_address) throw inputError('The shipping address is missing. Set the address and try again.');
        const current = await priceCart(trx, cart, { now: now() });
        const quote = current.shippingMethods.find(
          (m) => m.carrier_code === method.carrier_code && m.method_code === method.method_code,
        );
        if (!quote)
          throw inputError(`Carrier with such method not found: ${method.carrier_code}, ${method.method_code}`);
        await touchCart(trx, now, cartId, {
          shipping_carrier_code: quote.carrier_code,
          shipping_method_code: quote.method_code,
        });
      });
      return priced(cartId);
    },

    async setPaymentMethod(
      cartId: string,
      method: {
        code: string;
        purchase_order_number?: string | null;
        stripe_payments?: StripePaymentsRequest | null;
        braintree?: BraintreeRequest | null;
        braintree_cc_vault?: BraintreeVaultRequest | null;
      },
    ): Promise<PricedCart> {
      const code = method.code.trim();
      // Checked before anything is written: a bad token changes nothing on the cart.
      let paymentData =
        code === STRIPE_METHOD_CODE
          ? stripePaymentData(method.stripe_payments)
          : isBraintreeNonceMethod(code)
            ? braintreePaymentData(method.braintree, code)
            : null;
      const vaultHash =
        code === BRAINTREE_VAULT_METHOD_CODE ? (method.braintree_cc_vault?.public_hash?.trim() ?? '') : null;
      if (vaultHash === '') throw inputError('Required parameter "public_hash" for "braintree_cc_vault" is missing.');
      await inWriteTransaction(db, async ({ db: trx }) => {
        const cart = await requireActiveCart(trx, cartId);
        if (!code) throw inputError('Required parameter "code" for "payment_method" is missing.');
        if (vaultHash !== null) {
          // Only the cart's own signed-in customer's kept card: anyone else's is not found.
          const kept =
            cart.customer_id !== null && isPublicHash(vaultHash)
              ? await findKeptPaymentMethod(trx, cart.customer_id, vaultHash)
              : undefined;
          if (!kept) throw inputError(`Could not find a token using public hash: ${vaultHash}`);
          paymentData = JSON.stringify({
            public_hash: kept.public_hash,
            save_payment_method: false,
            device_data: deviceDataOf(method.braintree_cc_vault?.device_data),
          });
        }
        const current = await priceCart(trx, cart, { now: now() });
        if (!current.paymentMethods.some((m) => m.code === code))
          throw inputError('The requested Payment Method is not available.');
        await touchCart(trx, now, cartId, {
          payment_method: code,
          purchase_order_number: method.purchase_order_number?.trim() || null,
          payment_data: paymentData,
        });
      });
      return priced(cartId);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
