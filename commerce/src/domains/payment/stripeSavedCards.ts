import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { sqlTimestamp } from '../../kernel/clock';
import { DomainError } from '../../kernel/domainError';
import { inWriteTransaction } from '../../kernel/transaction';
import { PaymentDeclined } from './paymentProvider';
import type { StripeCustomerCards, StripeSavedCard } from './stripeProvider';

// Saved Stripe cards, in the dialect of Stripe's module for Adobe Commerce: a signed-in customer's
// cards live on a Stripe Customer of their own (made once, through an idempotency key, its id kept
// in stripe_customer), and are named by their PaymentMethod id (`pm_…`), which the customer passes
// back in setPaymentMethodOnCart's `stripe_payments.payment_method` to pay with one. Every use is
// checked against Stripe's record of whose card it is: a card attached to another Stripe Customer
// is never listed, used or detached for anyone but its holder.

/** A saved card as `listStripePaymentMethods` answers it (Stripe's module's StripePaymentMethod). */
export interface StripePaymentMethodView {
  id: string;
  created: number;
  type: string;
  fingerprint: string | null;
  label: string;
  icon: string | null;
  cvc: boolean;
  brand: string;
  exp_month: number;
  exp_year: number;
}

// A Stripe payment method id: nothing else is sent to Stripe.
const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{6,200}$/;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
};

function viewOf(card: StripeSavedCard): StripePaymentMethodView {
  return {
    id: card.id,
    created: card.created,
    type: 'card',
    fingerprint: card.fingerprint,
    label: `${BRANDS[card.brand] ?? card.brand} •••• ${card.last4}`,
    icon: null,
    // The card's security code is not asked again for a saved card.
    cvc: false,
    brand: card.brand,
    exp_month: card.expMonth,
    exp_year: card.expYear,
  };
}

const notFound = () => new DomainError('no-such-entity', 'The payment method could not be found.');

/** The key the Stripe Customer of a shop customer is made with: a retry or a second process gets the same one. */
export function stripeCustomerKey(customerId: number): string {
  return `vela-customer-${customerId}`;
}

export function createStripeSavedCards(db: Kysely<Database>, now: () => Date, stripe: StripeCustomerCards) {
  async function stripeCustomerOf(customerId: number): Promise<string | null> {
    const row = await db
      .selectFrom('stripe_customer')
      .select('stripe_customer_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    return row?.stripe_customer_id ?? null;
  }

  /** The customer's Stripe Customer, made at Stripe the first time (two processes at once make one). */
  async function ensureStripeCustomer(customerId: number): Promise<string> {
    const known = await stripeCustomerOf(customerId);
    if (known) return known;
    // Stripe's dashboard, receipts and disputes then name the shop's customer.
    const contact = await db
      .selectFrom('customer')
      .select(['email', 'firstname', 'lastname'])
      .where('id', '=', customerId)
      .executeTakeFirst();
    const made = await stripe.createCustomer(
      customerId,
      stripeCustomerKey(customerId),
      contact ? { email: contact.email, name: `${contact.firstname} ${contact.lastname}`.trim() } : null,
    );
    await inWriteTransaction(db, { clock: now }, async (uow) => {
      await uow.db
        .insertInto('stripe_customer')
        .values({ customer_id: customerId, stripe_customer_id: made, created_at: sqlTimestamp(uow.now) })
        .onConflict((c) => c.column('customer_id').doNothing())
        .execute();
    });
    return (await stripeCustomerOf(customerId)) ?? made;
  }

  function checkedId(paymentMethod: string): string {
    const id = paymentMethod.trim();
    if (!PAYMENT_METHOD_ID.test(id))
      throw new DomainError('input', 'The "payment_method" is not a Stripe payment method id.');
    return id;
  }

  async function list(customerId: number): Promise<StripePaymentMethodView[]> {
    const holder = await stripeCustomerOf(customerId);
    if (!holder) return [];
    return (await stripe.list(holder)).map(viewOf);
  }

  /**
   * Deletes at Stripe the Stripe Customers of shop customers whose account was deleted, then their
   * rows. The row is the durable record of what is left to do (customer ids are never reused): a
   * Stripe call that fails leaves it for the next run, and a deletion Stripe already did counts as
   * done, so a retry is harmless. Answers how many were deleted.
   */
  async function forgetDeletedCustomers(): Promise<number> {
    const orphans = await db
      .selectFrom('stripe_customer')
      .leftJoin('customer', 'customer.id', 'stripe_customer.customer_id')
      .select(['stripe_customer.customer_id as customerId', 'stripe_customer.stripe_customer_id as stripeId'])
      .where('customer.id', 'is', null)
      .orderBy('stripe_customer.customer_id')
      .limit(100)
      .execute();
    let deleted = 0;
    for (const orphan of orphans) {
      await stripe.deleteCustomer(orphan.stripeId);
      await inWriteTransaction(db, { clock: now }, async (uow) => {
        await uow.db
          .deleteFrom('stripe_customer')
          .where('customer_id', '=', orphan.customerId)
          .where('stripe_customer_id', '=', orphan.stripeId)
          .execute();
      });
      deleted++;
    }
    return deleted;
  }

  return {
    list,
    forgetDeletedCustomers,

    /** Saves a card Stripe.js made in the browser on the customer's Stripe Customer. */
    async add(customerId: number, paymentMethod: string): Promise<StripePaymentMethodView> {
      const id = checkedId(paymentMethod);
      const owner = await stripe.ownerOf(id);
      const holder = await ensureStripeCustomer(customerId);
      if (owner !== null && owner !== holder) throw notFound();
      return viewOf(await stripe.attach(id, holder));
    },

    /** Forgets one of the customer's saved cards at Stripe; anyone else's card is not found, and stays. */
    async remove(customerId: number, paymentMethod: string): Promise<void> {
      const id = checkedId(paymentMethod);
      const holder = await stripeCustomerOf(customerId);
      if (!holder || (await stripe.ownerOf(id)) !== holder) throw notFound();
      await stripe.detach(id);
    },

    /**
     * The Stripe Customer a payment with `paymentMethod` is made for: the card's holder when it is a
     * saved card (which must be the order's own customer's), the customer's own when the card is to
     * be saved, none for a one-off card. A card saved by anyone else is declined before Stripe is
     * asked to pay with it.
     */
    paymentCustomer: async (
      customerId: number | null,
      paymentMethod: string,
      save: boolean,
    ): Promise<string | null> => {
      const owner = await stripe.ownerOf(paymentMethod);
      if (owner !== null) {
        if (customerId === null || owner !== (await stripeCustomerOf(customerId)))
          throw new PaymentDeclined(
            { code: 'saved_card', declineCode: null, message: 'The saved card is not available.' },
            null,
          );
        return owner;
      }
      return save && customerId !== null ? ensureStripeCustomer(customerId) : null;
    },
  };
}

export type StripeSavedCards = ReturnType<typeof createStripeSavedCards>;
