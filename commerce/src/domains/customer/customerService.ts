import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CustomerTable, Database } from '../../db/tables';
import type { AfterAnswer } from '../../kernel/afterAnswer';
import type { MailOutboxWriter } from '../../mail/mailOutbox';
import { renderPasswordResetMail } from '../../mail/passwordResetMail';
import { renderWelcomeMail } from '../../mail/welcomeMail';
import { alreadyExistsError, authenticationError, inputError, noSuchEntityError } from '../errors';
import { MAX_EMAIL, pastDate, singleLineText } from '../../kernel/inputRules';
import { inWriteTransaction, type UnitOfWork } from '../../kernel/transaction';
import { nextId } from '../../db/idSequence';
import { lockedForWrite } from '../../db/rowLocks';
import {
  afterFailedSignIn,
  isLocked,
  UNLOCKED,
  issueCustomerToken,
  pruneExpiredTokens,
  revokeAllCustomerTokens,
  revokeCustomerToken,
} from '../auth';
import { LOCKED_BY_STAFF_UNTIL } from './customerAdminService';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from '../../kernel/passwordHash';
import { assertPasswordAllowed } from './passwordRules';
import { digestToken, newSecretToken } from '../../kernel/secretTokens';
import type { NewsletterService } from '../newsletter';
import { deleteCustomerCarts, setCustomerCartEmail } from '../cart';
import { deleteCustomerWishlist } from '../wishlist';
import { deleteCustomerCompareList } from '../compare';
import { detachCustomerOrders } from '../sales';
import { isValidEmail, normalizeEmail } from '../../kernel/emailAddress';
import { readStoreConfigValue } from '../../kernel/storeConfig';
import { RATE_RULES, type RateLimiter } from '../../kernel/rateLimiter';

export interface CustomerProfileRequest {
  firstname?: string | null;
  lastname?: string | null;
  middlename?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  date_of_birth?: string | null;
  dob?: string | null;
  gender?: number | null;
  taxvat?: string | null;
  is_subscribed?: boolean | null;
}

export interface CustomerCreateRequest extends CustomerProfileRequest {
  email?: string | null;
  password?: string | null;
}

export interface CustomerServiceOptions {
  now: () => Date;
  rateLimits: RateLimiter;
  newsletter: NewsletterService;
  mailOutbox?: MailOutboxWriter;
  /** Absolute storefront origin for links in e-mails, e.g. https://shop.example; else store config secure_base_link_url. */
  publicUrl?: string;
  log?: (line: string) => void;
  /** Where work the answer must not wait for goes (the reset link of a real account). */
  afterAnswer?: AfterAnswer;
  /** A store view's name, locale and storefront address, for the welcome mail of a new account. */
  storeSettings?: (storeId: number) => Promise<{ name: string; locale: string; baseUrl: string }>;
  /**
   * Runs once a deleted account is committed, after the answer: what the account left at a gateway
   * (its Stripe Customer) is removed there. It must be idempotent and find its own work, since a
   * failure is retried by a later sweep.
   */
  afterDeleted?: () => Promise<unknown>;
}

export const WRONG_CREDENTIALS =
  'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';
const WRONG_PASSWORD = 'Invalid login or password.';
const EMAIL_TAKEN = 'A customer with the same email address already exists in an associated website.';
const CANNOT_RESET = "Cannot set the customer's password";
/** Where the storefront takes the new password; the link carries ?token=…&email=… (Magento's own path). */
export const RESET_PASSWORD_PATH = '/customer/account/createPassword';
/** Magento's customer/password/reset_link_expiration_period is in hours; ours defaults to 1. */
const DEFAULT_RESET_LINK_HOURS = 1;
const MAX_NAME_LENGTH = 255;

const LABELS: Record<string, string> = { firstname: 'First Name', lastname: 'Last Name', email: 'Email' };

function requiredText(field: 'firstname' | 'lastname', value: string | null | undefined): string {
  const trimmed = singleLineText(LABELS[field]!, value, MAX_NAME_LENGTH);
  if (!trimmed) throw inputError(`"${LABELS[field]}" is a required value.`);
  return trimmed;
}

/** Refused when too long rather than cut: a shortened tax number is a wrong one. */
function optionalText(field: string, value: string | null | undefined): string | null {
  return singleLineText(field, value, MAX_NAME_LENGTH);
}

function dateOfBirth(value: string | null | undefined, today: Date): string | null {
  if (!value?.trim()) return null;
  return pastDate('date_of_birth', value, today);
}

/** Magento's customer gender options: 1 male, 2 female, 3 not specified. */
const GENDERS = new Set([1, 2, 3]);

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Only the profile fields the request names change; null/undefined leaves a field as it is. */
function profileChanges(input: CustomerProfileRequest, today: Date): Partial<CustomerTable> {
  const changes: Partial<CustomerTable> = {};
  if (input.firstname !== undefined && input.firstname !== null)
    changes.firstname = requiredText('firstname', input.firstname);
  if (input.lastname !== undefined && input.lastname !== null)
    changes.lastname = requiredText('lastname', input.lastname);
  for (const key of ['middlename', 'prefix', 'suffix', 'taxvat'] as const) {
    if (input[key] !== undefined && input[key] !== null) changes[key] = optionalText(key, input[key]);
  }
  const dob = input.date_of_birth ?? input.dob;
  if (dob !== undefined && dob !== null) changes.date_of_birth = dateOfBirth(dob, today);
  if (input.gender !== undefined && input.gender !== null) {
    if (!GENDERS.has(input.gender)) throw inputError(`"gender" must be 1, 2 or 3; got ${input.gender}.`);
    changes.gender = input.gender;
  }
  return changes;
}

export function createCustomerService(db: Kysely<Database>, options: CustomerServiceOptions) {
  const { now, newsletter } = options;

  const config = (key: string) => readStoreConfigValue(db, key);

  async function byEmail(email: string): Promise<CustomerTable | undefined> {
    return db.selectFrom('customer').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  }

  /**
   * A new reset link for the account, written and queued as mail inside the caller's unit of work.
   * `welcome`: the mail greets an account staff just made, whose first password the customer sets.
   */
  async function queueResetLink(
    uow: UnitOfWork,
    customer: Pick<CustomerTable, 'id' | 'email' | 'firstname'>,
    requestedAt: Date,
    welcome = false,
  ): Promise<void> {
    const token = newSecretToken();
    const hours = Number(await config('customer_password_reset_link_expiration_period')) || DEFAULT_RESET_LINK_HOURS;
    const expires = new Date(requestedAt.getTime() + hours * 3_600_000).toISOString();
    // A new request replaces the previous link: only the latest one works.
    const mail = renderPasswordResetMail({
      storeName: (await config('store_name')) ?? 'Vela',
      firstname: customer.firstname,
      link: await resetLink(token, customer.email),
      validMinutes: Math.round(hours * 60),
      welcome,
    });
    await uow.db
      .updateTable('customer')
      .set({ reset_token_hash: digestToken(token), reset_token_expires: expires })
      .where('id', '=', customer.id)
      .execute();
    await options.mailOutbox?.enqueue(
      uow,
      { kind: 'message', message: { to: customer.email, ...mail } },
      `${welcome ? 'welcome' : 'password-reset'}-${customer.id}-${Date.parse(expires)}`,
    );
  }

  /** A new reset link for the account, queued as mail in the same transaction. */
  async function issueResetLink(customer: CustomerTable, requestedAt: Date): Promise<void> {
    await inWriteTransaction(db, (uow) => queueResetLink(uow, customer, requestedAt));
  }

  async function load(id: number): Promise<CustomerTable> {
    const customer = await db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
    // A token outliving its account: refuse as for any other dead token.
    if (!customer) throw noSuchEntityError(`No such entity with customerId = ${id}`);
    return customer;
  }

  /**
   * The one password check. The attempt is counted as a failure, and the lock decided, in one
   * transaction before the password is looked at: parallel attempts each take a place in the count,
   * and once ten have, the rest are refused without a check. A right password then takes its
   * failure back. A locked account answers exactly as a wrong password or an unknown address does,
   * so that the answer does not tell which addresses have accounts.
   */
  async function checkPassword(
    customer: CustomerTable | undefined,
    password: string,
    wrongMessage: string,
  ): Promise<void> {
    if (!customer) {
      await verifyAgainstNothing(password);
      throw authenticationError(wrongMessage);
    }
    const at = now();
    const claimed = await inWriteTransaction(db, async ({ db: trx }) => {
      const current = await lockedForWrite(
        trx,
        trx
          .selectFrom('customer')
          .select(['failures_num', 'first_failure', 'lock_expires'])
          .where('id', '=', customer.id),
      ).executeTakeFirstOrThrow();
      if (isLocked(current, at)) return false;
      await trx.updateTable('customer').set(afterFailedSignIn(current, at)).where('id', '=', customer.id).execute();
      return true;
    });
    if (!claimed) {
      // The same work as a real check, so that a locked account does not answer faster either.
      await verifyAgainstNothing(password);
      throw authenticationError(wrongMessage);
    }
    if (!(await verifyPassword(password, customer.password_hash))) throw authenticationError(wrongMessage);
    const rehash = needsRehash(customer.password_hash) ? { password_hash: await hashPassword(password) } : {};
    await db
      .updateTable('customer')
      .set({ ...UNLOCKED, ...rehash })
      .where('id', '=', customer.id)
      .execute();
  }

  function assertEmail(email: string | null | undefined): string {
    if (!email?.trim()) throw inputError('"Email" is a required value.');
    if (email.trim().length > MAX_EMAIL) throw inputError(`"Email" is too long: at most ${MAX_EMAIL} characters.`);
    if (!isValidEmail(email)) throw inputError(`"${email.trim()}" is not a valid email address.`);
    return normalizeEmail(email);
  }

  async function resetLink(token: string, email: string): Promise<string> {
    const base = options.publicUrl ?? (await config('secure_base_link_url')) ?? '/';
    const query = new URLSearchParams({ token, email }).toString();
    const path = `${RESET_PASSWORD_PATH}?${query}`;
    return /^https?:\/\//.test(base) ? new URL(path, base).href : `${base.replace(/\/+$/, '')}${path}`;
  }

  return {
    load,
    queueResetLink,
    assertEmail,

    /**
     * A shopper's own sign-up. `storeId`: the store view it was made in; its welcome mail is
     * queued in the same transaction as the account, in that store view's language.
     */
    async create(input: CustomerCreateRequest, client = 'unknown', storeId?: number): Promise<CustomerTable> {
      const email = assertEmail(input.email);
      if (client !== 'unknown') await options.rateLimits.consume(RATE_RULES.accountCreationPerClient, client);
      const firstname = requiredText('firstname', input.firstname);
      const lastname = requiredText('lastname', input.lastname);
      const profile = profileChanges(input, now());
      if (input.password) assertPasswordAllowed(input.password, email);
      // An account made without a password (allowed by Magento) cannot sign in until it is reset.
      const passwordHash = input.password ? await hashPassword(input.password) : '!';
      const at = now().toISOString();
      // Read before the transaction: the store view's settings come from a per-process cache.
      const store = storeId === undefined ? undefined : await options.storeSettings?.(storeId);
      const id = await inWriteTransaction(db, async (uow) => {
        const trx = uow.db;
        if (await trx.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst())
          throw alreadyExistsError(EMAIL_TAKEN);
        const next = await nextId(trx, 'customer');
        await trx
          .insertInto('customer')
          .values({
            middlename: null,
            prefix: null,
            suffix: null,
            date_of_birth: null,
            gender: null,
            taxvat: null,
            ...profile,
            id: next,
            email,
            firstname,
            lastname,
            password_hash: passwordHash,
            default_billing: null,
            default_shipping: null,
            ...UNLOCKED,
            reset_token_hash: null,
            reset_token_expires: null,
            // Magento's customer/create_account/default_group: General.
            group_id: 1,
            store_id: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (input.is_subscribed) await newsletter.setCustomerSubscription(trx, { id: next, email }, true);
        // Only an account that can sign in is welcomed: one made without a password waits for its reset.
        if (store && input.password) {
          const mail = renderWelcomeMail({
            storeName: store.name,
            firstname,
            email,
            accountLink: new URL('account', store.baseUrl.replace(/\/*$/, '/')).href,
            locale: store.locale,
          });
          await options.mailOutbox?.enqueue(
            uow,
            { kind: 'message', message: { to: email, ...mail } },
            `signup-welcome-${next}`,
          );
        }
        return next;
      });
      return load(id);
    },

    /** `client` is the caller's address ('unknown' when the host did not give one: no per-client limit). */
    async signIn(email: string, password: string, client = 'unknown'): Promise<string> {
      if (!email.trim()) throw inputError('Specify the "email" value.');
      if (!password) throw inputError('Specify the "password" value.');
      if (client !== 'unknown') {
        await options.rateLimits.consume(RATE_RULES.signInPerClient, client);
        await options.rateLimits.consume(RATE_RULES.signInPerClientAndAccount, `${client} ${normalizeEmail(email)}`);
      }
      const customer = await byEmail(email);
      await checkPassword(customer, password, WRONG_CREDENTIALS);
      if (client !== 'unknown') {
        // Only failures use up the limits: the owner may sign in as often as they like.
        await options.rateLimits.refund(RATE_RULES.signInPerClient, client);
        await options.rateLimits.refund(RATE_RULES.signInPerClientAndAccount, `${client} ${normalizeEmail(email)}`);
      }
      await pruneExpiredTokens(db, customer!.id, now());
      return issueCustomerToken(db, customer!.id, now());
    },

    signOut: (token: string) => revokeCustomerToken(db, token),

    /**
     * Deletes the account and what only it uses: sign-in tokens, addresses, carts, the wish list
     * and the newsletter subscription. Orders stay, as guest orders (their e-mail and token still
     * find them), as Magento keeps orders of deleted customers.
     */
    async delete(id: number): Promise<true> {
      await inWriteTransaction(db, async ({ db: trx, afterCommit }) => {
        const afterDeleted = options.afterDeleted;
        if (afterDeleted)
          afterCommit(() =>
            options.afterAnswer?.run('forget the deleted account at the gateways', async () => {
              await afterDeleted();
            }),
          );
        await revokeAllCustomerTokens(trx, id);
        await trx.deleteFrom('customer_address').where('customer_id', '=', id).execute();
        await deleteCustomerCarts(trx, id);
        await deleteCustomerWishlist(trx, id);
        await deleteCustomerCompareList(trx, id);
        await newsletter.forgetCustomer(trx, id);
        await detachCustomerOrders(trx, id);
        await trx.deleteFrom('customer').where('id', '=', id).execute();
      });
      return true;
    },

    async update(id: number, input: CustomerProfileRequest): Promise<CustomerTable> {
      const changes = profileChanges(input, now());
      await inWriteTransaction(db, async ({ db: trx }) => {
        const customer = await trx
          .selectFrom('customer')
          .select(['id', 'email'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (Object.keys(changes).length > 0)
          await trx
            .updateTable('customer')
            .set({ ...changes, updated_at: now().toISOString() })
            .where('id', '=', id)
            .execute();
        if (input.is_subscribed !== undefined && input.is_subscribed !== null)
          await newsletter.setCustomerSubscription(trx, customer, input.is_subscribed);
      });
      return load(id);
    },

    async updateEmail(id: number, rawEmail: string, password: string): Promise<CustomerTable> {
      const email = assertEmail(rawEmail);
      if (!password) throw inputError('Provide the current "password" to change "email".');
      await checkPassword(await load(id), password, WRONG_PASSWORD);
      await inWriteTransaction(db, async ({ db: trx }) => {
        const owner = await trx.selectFrom('customer').select('id').where('email', '=', email).executeTakeFirst();
        if (owner && owner.id !== id) throw alreadyExistsError(EMAIL_TAKEN);
        await trx
          .updateTable('customer')
          .set({ email, updated_at: now().toISOString() })
          .where('id', '=', id)
          .execute();
        await newsletter.moveCustomerEmail(trx, id, email);
        // Open carts send their order e-mail to the account's current address.
        await setCustomerCartEmail(trx, id, email);
      });
      return load(id);
    },

    async changePassword(id: number, currentPassword: string, newPassword: string): Promise<CustomerTable> {
      if (!currentPassword) throw inputError('Specify the "currentPassword" value.');
      if (!newPassword) throw inputError('Specify the "newPassword" value.');
      const customer = await load(id);
      await checkPassword(customer, currentPassword, WRONG_PASSWORD);
      assertPasswordAllowed(newPassword, customer.email);
      const passwordHash = await hashPassword(newPassword);
      await inWriteTransaction(db, async ({ db: trx }) => {
        await trx
          .updateTable('customer')
          .set({
            password_hash: passwordHash,
            reset_token_hash: null,
            reset_token_expires: null,
            updated_at: now().toISOString(),
          })
          .where('id', '=', id)
          .execute();
        await revokeAllCustomerTokens(trx, id);
      });
      return load(id);
    },

    /** Always true for a well-formed address: the answer never tells whether an account exists. */
    async requestPasswordReset(rawEmail: string, client = 'unknown'): Promise<true> {
      if (!rawEmail.trim()) throw inputError('Email must be specified');
      if (!isValidEmail(rawEmail)) throw inputError('The email address has an invalid format.');
      // Counted per address whether or not it has an account, so the limit tells nothing either.
      if (client !== 'unknown') await options.rateLimits.consume(RATE_RULES.passwordResetPerClient, client);
      await options.rateLimits.consume(RATE_RULES.passwordResetPerEmail, normalizeEmail(rawEmail));
      const customer = await byEmail(rawEmail);
      // Up to here the work is the same for every address. A real account's link is written after
      // the answer, so the answer takes the same time whether or not the account exists.
      if (customer) {
        // The link's lifetime counts from the request, not from when it is written.
        const requestedAt = now();
        if (options.afterAnswer)
          options.afterAnswer.run('password-reset link', () => issueResetLink(customer, requestedAt));
        else await issueResetLink(customer, requestedAt);
      }
      return true;
    },

    async resetPassword(rawEmail: string, token: string, newPassword: string): Promise<true> {
      if (!rawEmail.trim()) throw inputError('You must specify an email address.');
      if (!isValidEmail(rawEmail)) throw inputError('The email address has an invalid format.');
      if (!token.trim()) throw inputError('resetPasswordToken must be specified');
      if (!newPassword) throw inputError('newPassword must be specified');
      const customer = await byEmail(rawEmail);
      const digest = digestToken(token.trim());
      const valid =
        customer?.reset_token_hash &&
        customer.reset_token_expires &&
        sameDigest(customer.reset_token_hash, digest) &&
        Date.parse(customer.reset_token_expires) > now().getTime();
      if (!customer || !valid) throw inputError(CANNOT_RESET);
      assertPasswordAllowed(newPassword, customer.email);
      const passwordHash = await hashPassword(newPassword);
      await inWriteTransaction(db, async ({ db: trx }) => {
        // Conditional on the digest: of two requests racing with one link, only one succeeds.
        const used = await trx
          .updateTable('customer')
          .set({
            password_hash: passwordHash,
            reset_token_hash: null,
            reset_token_expires: null,
            // A new password ends a lock after failed sign-ins, never one the shop's staff set.
            ...(customer.lock_expires === LOCKED_BY_STAFF_UNTIL ? {} : UNLOCKED),
            updated_at: now().toISOString(),
          })
          .where('id', '=', customer.id)
          .where('reset_token_hash', '=', digest)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) throw inputError(CANNOT_RESET);
        await revokeAllCustomerTokens(trx, customer.id);
      });
      return true;
    },

    /**
     * As Magento 2.4.7: unless the shop turns on checkout/options/enable_guest_checkout_login
     * (store config enable_guest_checkout_login = 1), every address is "available", so the query
     * cannot be used to find out who has an account.
     */
    async isEmailAvailable(rawEmail: string): Promise<boolean> {
      if (!rawEmail.trim()) throw inputError('Email must be specified');
      if (!isValidEmail(rawEmail)) throw inputError('Email is invalid');
      if ((await config('enable_guest_checkout_login')) !== '1') return true;
      return (await byEmail(rawEmail)) === undefined;
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
