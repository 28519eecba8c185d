import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE, errorOf, openAccountShop, PASSWORD, SIGN_IN, signUp } from './customerHarness';
import type { AccountShop } from './customerHarness';

// Issue 9, defects 7 and 11 and the rate limits: what a stranger can do to other people's
// accounts with parallel, aliased or repeated requests.

let shop: AccountShop;

beforeAll(async () => {
  shop = await openAccountShop();
}, 60_000);

afterAll(async () => shop?.close());

const WRONG =
  'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';

function lockState(email: string) {
  return shop.sql.prepare('select failures_num, lock_expires from customer where email = ?').get(email) as {
    failures_num: number;
    lock_expires: string | null;
  };
}

describe('account lockout under parallel attempts', () => {
  it('30 parallel sign-ins from 30 clients: ten are checked, the right password sent last gets no token', async () => {
    const { email } = await signUp(shop);
    const attempts = Array.from({ length: 30 }, (_, i) =>
      shop.gql(SIGN_IN, { email, password: i === 29 ? PASSWORD : `Wrong-Pass-${i}` }, null, `198.51.100.${i + 1}`),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((result) => result.data?.generateCustomerToken?.token)).toHaveLength(0);
    for (const result of results)
      expect(errorOf(result)).toEqual({ message: WRONG, category: 'graphql-authentication' });
    const state = lockState(email);
    expect(state.failures_num).toBe(10);
    expect(state.lock_expires).not.toBeNull();
  });

  // A burst of password hashes: seconds on an idle machine, more on a loaded CI runner (30 s timed out there).
  it('100 parallel wrong guesses count ten failures, not a hundred', { timeout: 120_000 }, async () => {
    const { email } = await signUp(shop);
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        shop.gql(SIGN_IN, { email, password: `Wrong-Pass-${i}` }, null, `203.0.113.${i + 1}`),
      ),
    );
    expect(lockState(email).failures_num).toBe(10);
  });

  it('one request may hold one sign-in: thirty aliases are refused before any password is checked', async () => {
    const { email } = await signUp(shop);
    const fields = Array.from(
      { length: 30 },
      (_, i) => `t${i}: generateCustomerToken(email: "${email}", password: "Wrong-Pass-${i}") { token }`,
    ).join(' ');
    const result = await shop.gql(`mutation { ${fields} }`);
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toBe('A request may ask for "generateCustomerToken" only once.');
    expect(lockState(email)).toEqual({ failures_num: 0, lock_expires: null });
  });

  it('a failure count older than ten minutes starts again, as in Magento', async () => {
    const { email } = await signUp(shop);
    for (let i = 0; i < 9; i++) await shop.gql(SIGN_IN, { email, password: 'Wrong-Pass-0' });
    shop.clock.advance(10 * 60_000 + 1000);
    await shop.gql(SIGN_IN, { email, password: 'Wrong-Pass-0' });
    expect(lockState(email)).toEqual({ failures_num: 1, lock_expires: null });
  });
});

describe('a stranger cannot lock an account or learn that it exists', () => {
  it('one client gets four tries per account in ten minutes, so it can never reach the lock', async () => {
    const { email } = await signUp(shop);
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        errorOf(await shop.gql(SIGN_IN, { email, password: `Wrong-${i}-Pass` }, null, '192.0.2.66'))!.message,
      );
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill(WRONG));
    expect(answers.slice(4)).toEqual(Array(8).fill('Too many sign-in attempts. Please wait and try again later.'));
    expect(lockState(email)).toEqual({ failures_num: 4, lock_expires: null });
    // The owner, from elsewhere, is not locked out.
    const owner = await shop.gql(SIGN_IN, { email, password: PASSWORD }, null, '192.0.2.10');
    expect(owner.data.generateCustomerToken.token).toEqual(expect.any(String));
  });

  it('successful sign-ins do not count: the owner signing in again and again is never limited', async () => {
    const { email } = await signUp(shop);
    // A mistyped password between successes: only that one failure counts.
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 8; i++) {
      const password = i === 3 ? 'Mistyped-Pass-1' : PASSWORD;
      const answer = await shop.gql(SIGN_IN, { email, password }, null, '192.0.2.68');
      answers.push(answer.data?.generateCustomerToken?.token ? 'token' : errorOf(answer)?.message);
    }
    expect(answers).toEqual(['token', 'token', 'token', WRONG, 'token', 'token', 'token', 'token']);
    // Failures still count between the successes: four in a row and the client is limited.
    for (let i = 0; i < 4; i++) await shop.gql(SIGN_IN, { email, password: `Wrong-${i}-Pass` }, null, '192.0.2.68');
    const limited = await shop.gql(SIGN_IN, { email, password: PASSWORD }, null, '192.0.2.68');
    expect(errorOf(limited)?.message).toBe('Too many sign-in attempts. Please wait and try again later.');
  });

  it('the per-client limit holds for unknown addresses too, so it tells nothing about accounts', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        errorOf(
          await shop.gql(SIGN_IN, { email: 'nobody-here@example.com', password: 'Wrong-Pass-1' }, null, '192.0.2.67'),
        )!.message,
      );
    }
    expect(answers).toEqual([
      ...Array(4).fill(WRONG),
      ...Array(2).fill('Too many sign-in attempts. Please wait and try again later.'),
    ]);
  });

  it('password-reset requests: three per address an hour, the same answer whether or not an account exists', async () => {
    const { email } = await signUp(shop);
    const REQUEST = 'mutation($e: String!) { requestPasswordResetEmail(email: $e) }';
    for (const address of [email, 'no-account-here@example.com']) {
      const answers = [];
      for (let i = 0; i < 5; i++) {
        // A second apart: each mail file is named after its link's expiry.
        shop.clock.advance(1000);
        answers.push(await shop.gql(REQUEST, { e: address }, null, `192.0.2.${100 + i}`));
      }
      expect(answers.slice(0, 3).map((answer) => answer.data.requestPasswordResetEmail)).toEqual([true, true, true]);
      expect(answers.slice(3).map((answer) => errorOf(answer)?.message)).toEqual([
        'We received too many requests for password resets. Please wait and try again later.',
        'We received too many requests for password resets. Please wait and try again later.',
      ]);
    }
    expect((await shop.mails('password-reset')).filter((mail) => mail.text.includes(email))).toHaveLength(3);
    shop.clock.advance(3600_000);
    expect((await shop.gql(REQUEST, { e: email }, null, '192.0.2.120')).data.requestPasswordResetEmail).toBe(true);
  });

  it('password-reset requests run the same statements before answering, whether or not an account exists', async () => {
    // Timing is not asserted (benchmarks measure); the work before the answer is: a real
    // account's link is written after it. Measured in-process on SQLite before the change:
    // p50 1.97 ms for a real account against 1.46 ms for an unknown address.
    const { email } = await signUp(shop);
    const REQUEST = 'mutation($e: String!) { requestPasswordResetEmail(email: $e) }';
    const counts: string[] = [];
    for (const [i, address] of [email, 'nobody-at-all@example.com'].entries()) {
      shop.clock.advance(1000);
      const response = await shop.raw({ query: REQUEST, variables: { e: address }, client: `192.0.2.${150 + i}` });
      expect(await response.json()).toEqual({ data: { requestPasswordResetEmail: true } });
      counts.push(response.headers.get('x-query-count') ?? '');
    }
    expect(counts[0]).not.toBe('');
    expect(counts[0]).toBe(counts[1]);
    // The link still goes out, written once the answer has left.
    const mails = await shop.mails('password-reset');
    expect(mails.filter((mail) => mail.text.includes(email))).toHaveLength(1);
  });

  it('account creation: ten per client an hour, and the eleventh writes nothing', async () => {
    const client = '192.0.2.77';
    for (let i = 0; i < 10; i++) {
      const input = {
        firstname: 'Sam',
        lastname: 'Spam',
        email: `spam${i}-${Date.now()}@example.com`,
        password: PASSWORD,
      };
      expect((await shop.gql(CREATE, { input }, null, client)).errors).toBeUndefined();
    }
    const eleventh = `spam-eleventh-${Date.now()}@example.com`;
    const refused = await shop.gql(
      CREATE,
      { input: { firstname: 'Sam', lastname: 'Spam', email: eleventh, password: PASSWORD } },
      null,
      client,
    );
    expect(errorOf(refused)?.message).toBe(
      'Too many accounts were created from your address. Please wait and try again later.',
    );
    expect(shop.sql.prepare('select count(*) as n from customer where email = ?').get(eleventh)).toEqual({ n: 0 });
  });

  it('contact form: five messages per client an hour; the sixth is neither stored nor mailed', async () => {
    const CONTACT = 'mutation($i: ContactUsInput!) { contactUs(input: $i) { status } }';
    const before = (shop.sql.prepare('select count(*) as n from contact_message').get() as { n: number }).n;
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await shop.gql(
          CONTACT,
          { i: { name: 'Pat', email: 'pat@example.com', comment: `Hello ${i}` } },
          null,
          '192.0.2.88',
        ),
      );
    }
    expect(answers.slice(0, 5).map((answer) => answer.data.contactUs.status)).toEqual(Array(5).fill(true));
    expect(errorOf(answers[5]!)?.message).toBe(
      'Too many messages were sent from your address. Please wait and try again later.',
    );
    expect((shop.sql.prepare('select count(*) as n from contact_message').get() as { n: number }).n).toBe(before + 5);
  });

  it('coupon codes: ten tries per cart in ten minutes', async () => {
    const cartId = (await shop.gql('mutation { createGuestCart { cart { id } } }')).data.createGuestCart.cart
      .id as string;
    const APPLY =
      'mutation($c: String!, $code: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $code }) { cart { id } } }';
    const answers: string[] = [];
    for (let i = 0; i < 12; i++)
      answers.push(
        errorOf(await shop.gql(APPLY, { c: cartId, code: `GUESS${i}` }, null, `192.0.2.${150 + i}`))!.message,
      );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill('Cart does not contain products.'));
    expect(answers.slice(10)).toEqual(
      Array(2).fill('Too many coupon codes were tried. Please wait and try again later.'),
    );
  });
});
