import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DomainError } from './domainError';
import type { Database } from '../db/tables';
import type { Clock } from './clock';
import { inWriteTransaction } from './transaction';

/** At most `limit` attempts per subject in each window of `windowSeconds`. */
export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the caller is told, Magento-style, when the limit is reached. */
  message: string;
}

const WAIT = 'Please wait and try again later.';

/*
 * The limits on what a stranger can make the shop do for free: check passwords, write accounts,
 * send e-mails, try coupon codes. Each rule counts per client (its network address) and, where the
 * attempt names a target (an e-mail address, a cart), per target as well, so that neither one
 * client nor many clients against one target get far.
 *
 * Sign-in per client and account is 4 per 10 minutes on purpose: an account locks after 10
 * failures within 10 minutes, and two adjacent fixed windows let one client make at most 8, so a
 * single client cannot lock someone else's account.
 */
export const RATE_RULES = {
  signInPerClient: {
    name: 'sign-in:client',
    limit: 30,
    windowSeconds: 600,
    message: `Too many sign-in attempts. ${WAIT}`,
  },
  signInPerClientAndAccount: {
    name: 'sign-in:client+account',
    limit: 4,
    windowSeconds: 600,
    message: `Too many sign-in attempts. ${WAIT}`,
  },
  // The back office's sign-in has the same limits, counted apart: a shopper's attempts do not
  // use up a staff member's, and the 4 per client and account keep one client from locking any
  // staff account (the owner's included) with wrong passwords.
  staffSignInPerClient: {
    name: 'staff-sign-in:client',
    limit: 30,
    windowSeconds: 600,
    message: `Too many sign-in attempts. ${WAIT}`,
  },
  staffSignInPerClientAndAccount: {
    name: 'staff-sign-in:client+account',
    limit: 4,
    windowSeconds: 600,
    message: `Too many sign-in attempts. ${WAIT}`,
  },
  accountCreationPerClient: {
    name: 'create-account:client',
    limit: 10,
    windowSeconds: 3600,
    message: `Too many accounts were created from your address. ${WAIT}`,
  },
  passwordResetPerClient: {
    name: 'password-reset:client',
    limit: 10,
    windowSeconds: 3600,
    message: `We received too many requests for password resets. ${WAIT}`,
  },
  passwordResetPerEmail: {
    name: 'password-reset:email',
    limit: 3,
    windowSeconds: 3600,
    message: `We received too many requests for password resets. ${WAIT}`,
  },
  contactPerClient: {
    name: 'contact:client',
    limit: 5,
    windowSeconds: 3600,
    message: `Too many messages were sent from your address. ${WAIT}`,
  },
  // Reviews are moderated, but each one is staff's work: a client writes a few an hour at most.
  reviewPerClient: {
    name: 'review:client',
    limit: 10,
    windowSeconds: 3600,
    message: `Too many reviews were sent from your address. ${WAIT}`,
  },
  // A guest's compare list is a database row anyone can make: a shopper needs a few a day, so an
  // hour's allowance bounds what one client can pile up before the clean-up drops stale lists.
  compareListPerClient: {
    name: 'compare-list:client',
    limit: 20,
    windowSeconds: 3600,
    message: `Too many compare lists were created from your address. ${WAIT}`,
  },
  newsletterPerClient: {
    name: 'newsletter:client',
    limit: 10,
    windowSeconds: 3600,
    message: `Too many newsletter requests. ${WAIT}`,
  },
  newsletterPerEmail: {
    name: 'newsletter:email',
    limit: 3,
    windowSeconds: 3600,
    message: `Too many newsletter requests. ${WAIT}`,
  },
  guestOrderLookupPerClient: {
    name: 'guest-order:client',
    limit: 10,
    windowSeconds: 600,
    message: `Too many order lookups. ${WAIT}`,
  },
  couponPerClient: {
    name: 'coupon:client',
    limit: 20,
    windowSeconds: 600,
    message: `Too many coupon codes were tried. ${WAIT}`,
  },
  couponPerCart: {
    name: 'coupon:cart',
    limit: 10,
    windowSeconds: 600,
    message: `Too many coupon codes were tried. ${WAIT}`,
  },
  // A gateway sends a few events per order; a flood from one address is not a gateway. Counted
  // before the signature is checked, so forged requests are limited too.
  // Downloads stream files from the shop's disk: a buyer needs a few, a sample page a few more.
  downloadPerClient: {
    name: 'download:client',
    limit: 60,
    windowSeconds: 600,
    message: `Too many downloads. ${WAIT}`,
  },
  paymentWebhookPerClient: {
    name: 'payment-webhook:client',
    limit: 300,
    windowSeconds: 60,
    message: `Too many webhook requests. ${WAIT}`,
  },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

export function rateLimitedError(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError('too-many-requests', message, { retryAfterSeconds });
}

export interface RateLimiter {
  /**
   * Counts one attempt by `subject` under `rule` and throws the rule's error once the subject is
   * over its limit. The count and the decision are one statement, so parallel attempts cannot
   * all slip under the limit.
   */
  consume(rule: RateRule, subject: string): Promise<void>;
  /**
   * Takes back one attempt counted in the current window: for attempts that turned out to be
   * legitimate (a correct password), so that only failures use up the limit. It never undoes a
   * failure, so a stranger signing into an account of their own between guesses gains nothing.
   */
  refund(rule: RateRule, subject: string): Promise<void>;
  /** Drops counts whose window has passed; the table stays the size of the current traffic. */
  prune(): Promise<number>;
}

/** The row of `subject` under the rule named `name`: subjects (addresses, e-mails) are stored hashed. */
export function rateLimitKey(name: string, subject: string): string {
  return `${name}:${createHash('sha256').update(subject.toLowerCase()).digest('base64url').slice(0, 27)}`;
}

function keyOf(rule: RateRule, subject: string): string {
  return rateLimitKey(rule.name, subject);
}

/**
 * Adds `hits` to a rate-limit row for the window starting at `windowStart` (a row from an older
 * window starts again) and returns the window's total, in one statement.
 */
export async function addHits(db: Kysely<Database>, key: string, windowStart: number, hits: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit')
    .values({ key, window_start: windowStart, hits })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when('rate_limit.window_start', '=', windowStart)
          .then(eb('rate_limit.hits', '+', hits))
          .else(hits)
          .end(),
        window_start: windowStart,
      })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** The longest window: counts older than it belong to no current window. */
const LONGEST_WINDOW = Math.max(...Object.values(RATE_RULES).map((rule) => rule.windowSeconds));

export function createRateLimiter(db: Kysely<Database>, now: Clock): RateLimiter {
  return {
    async consume(rule, subject) {
      const seconds = Math.floor(now().getTime() / 1000);
      const windowStart = seconds - (seconds % rule.windowSeconds);
      const key = keyOf(rule, subject);
      const hits = await inWriteTransaction(db, ({ db: trx }) => addHits(trx, key, windowStart, 1));
      if (hits > rule.limit) throw rateLimitedError(rule.message, windowStart + rule.windowSeconds - seconds);
    },

    async refund(rule, subject) {
      const seconds = Math.floor(now().getTime() / 1000);
      const windowStart = seconds - (seconds % rule.windowSeconds);
      await db
        .updateTable('rate_limit')
        .set((eb) => ({ hits: eb('hits', '-', 1) }))
        .where('key', '=', keyOf(rule, subject))
        .where('window_start', '=', windowStart)
        .where('hits', '>', 0)
        .execute();
    },

    async prune() {
      const cutoff = Math.floor(now().getTime() / 1000) - LONGEST_WINDOW;
      const result = await db.deleteFrom('rate_limit').where('window_start', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
