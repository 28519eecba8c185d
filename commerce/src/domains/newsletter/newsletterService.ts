import type { Kysely } from 'kysely';
import type { Database, NewsletterStatus } from '../../db/tables';
import { inputError } from '../errors';
import { isValidEmail, normalizeEmail } from '../../kernel/emailAddress';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';

// Subscriptions need no confirmation e-mail (Magento's newsletter/subscription/confirm = 0), so a
// subscription is SUBSCRIBED at once.

export function createNewsletterService(db: Kysely<Database>, now: () => Date, rateLimits: RateLimiter) {
  async function write(
    trx: Kysely<Database>,
    email: string,
    customerId: number | null,
    status: NewsletterStatus,
  ): Promise<void> {
    const values = { email, customer_id: customerId, status, updated_at: now().toISOString() };
    await trx
      .insertInto('newsletter_subscriber')
      .values(values)
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({ customer_id: customerId, status, updated_at: values.updated_at }),
      )
      .execute();
  }

  return {
    /**
     * subscribeEmailToNewsletter. The answer is the same for every well-formed address — a new
     * one, one already subscribed, one that belongs to an account — so that it tells a stranger
     * nothing about who is a customer or a subscriber. An account's address is subscribed on
     * that account (its owner sees it and can unsubscribe), as a guest's would be.
     */
    async subscribe(rawEmail: string, actorCustomerId: number | null, client = 'unknown'): Promise<NewsletterStatus> {
      if (!rawEmail.trim()) throw inputError('You must specify an email address to subscribe to a newsletter.');
      if (!isValidEmail(rawEmail)) throw inputError('Enter a valid email address.');
      const email = normalizeEmail(rawEmail);
      if (client !== 'unknown') await rateLimits.consume(RATE_RULES.newsletterPerClient, client);
      await rateLimits.consume(RATE_RULES.newsletterPerEmail, email);
      const owner = await db.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
      const existing = await db
        .selectFrom('newsletter_subscriber')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing?.status !== 'SUBSCRIBED') await write(db, email, owner?.id ?? actorCustomerId ?? null, 'SUBSCRIBED');
      return 'SUBSCRIBED';
    },

    /** The account's is_subscribed flag, written at sign-up and by updateCustomer. */
    async setCustomerSubscription(
      trx: Kysely<Database>,
      customer: { id: number; email: string },
      subscribed: boolean,
    ): Promise<void> {
      const existing = await trx
        .selectFrom('newsletter_subscriber')
        .select('email')
        .where('customer_id', '=', customer.id)
        .executeTakeFirst();
      if (!subscribed && !existing) return;
      if (existing && existing.email !== customer.email)
        await trx.deleteFrom('newsletter_subscriber').where('email', '=', existing.email).execute();
      await write(trx, customer.email, customer.id, subscribed ? 'SUBSCRIBED' : 'UNSUBSCRIBED');
    },

    /** A changed account e-mail carries the subscription along. */
    async moveCustomerEmail(trx: Kysely<Database>, customerId: number, email: string): Promise<void> {
      const existing = await trx
        .selectFrom('newsletter_subscriber')
        .selectAll()
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      if (!existing || existing.email === email) return;
      await trx.deleteFrom('newsletter_subscriber').where('email', '=', existing.email).execute();
      await write(trx, email, customerId, existing.status);
    },

    /** Drops a deleted account's subscription, in the caller's transaction. */
    async forgetCustomer(trx: Kysely<Database>, customerId: number): Promise<void> {
      await trx.deleteFrom('newsletter_subscriber').where('customer_id', '=', customerId).execute();
    },

    async isSubscribed(customer: { id: number; email: string }): Promise<boolean> {
      const row = await db
        .selectFrom('newsletter_subscriber')
        .select('status')
        .where((eb) => eb.or([eb('customer_id', '=', customer.id), eb('email', '=', customer.email)]))
        .where('status', '=', 'SUBSCRIBED')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
