import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE, errorOf, openAccountShop, PASSWORD, SIGN_IN, signUp } from './customerHarness';
import type { AccountShop } from './customerHarness';

let shop: AccountShop;

beforeAll(async () => {
  shop = await openAccountShop();
}, 60_000);

afterAll(async () => shop?.close());

const ME =
  '{ customer { firstname lastname email middlename date_of_birth gender is_subscribed default_billing default_shipping confirmation_status addresses { id } } }';

describe('createCustomerV2 and createCustomer', () => {
  it('opens an account with a memory-hard hash stored, never the password', async () => {
    const result = await shop.gql(CREATE, {
      input: {
        firstname: ' Grace ',
        lastname: 'Hopper',
        email: 'Grace@Example.com',
        password: PASSWORD,
        is_subscribed: true,
      },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data.createCustomerV2.customer).toEqual({
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      is_subscribed: true,
    });
    const row = shop.sql.prepare('select password_hash from customer where email = ?').get('grace@example.com') as {
      password_hash: string;
    };
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const result = await shop.gql(CREATE, {
      input: { firstname: 'G', lastname: 'H', email: 'GRACE@example.com', password: PASSWORD },
    });
    expect(errorOf(result)?.message).toBe(
      'A customer with the same email address already exists in an associated website.',
    );
  });

  it('accepts the older createCustomer input', async () => {
    const result = await shop.gql(
      'mutation($input: CustomerInput!) { createCustomer(input: $input) { customer { email firstname } } }',
      { input: { firstname: 'Alan', lastname: 'Turing', email: 'alan@example.com', password: PASSWORD } },
    );
    expect(result.data.createCustomer.customer).toEqual({ email: 'alan@example.com', firstname: 'Alan' });
  });

  it.each([
    ['Short-1', 'The password needs at least 8 characters. Create a new password and try again.'],
    [
      'alllowercase',
      'Minimum of different classes of characters in password is 3. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.',
    ],
    [
      'lowerand1234',
      'Minimum of different classes of characters in password is 3. Classes of characters: Lower Case, Upper Case, Digits, Special Characters.',
    ],
    [' Spaced-Out1', "The password can't begin or end with a space. Verify the password and try again."],
  ])("refuses the password %j with Magento's message", async (password, message) => {
    const result = await shop.gql(CREATE, {
      input: { firstname: 'A', lastname: 'B', email: `weak-${password.length}-${Math.random()}@example.com`, password },
    });
    expect(errorOf(result)).toEqual({ message, category: 'graphql-input' });
  });

  it('validates the e-mail address and the names', async () => {
    expect(
      errorOf(
        await shop.gql(CREATE, {
          input: { firstname: 'A', lastname: 'B', email: 'not-an-address', password: PASSWORD },
        }),
      )?.message,
    ).toBe('"not-an-address" is not a valid email address.');
    expect(
      errorOf(
        await shop.gql(CREATE, {
          input: { firstname: '  ', lastname: 'B', email: 'blank@example.com', password: PASSWORD },
        }),
      )?.message,
    ).toBe('"First Name" is a required value.');
  });
});

describe('isEmailAvailable', () => {
  it('answers for taken and free addresses and validates the input', async () => {
    const q = 'query($e: String!) { isEmailAvailable(email: $e) { is_email_available } }';
    // Magento's default (guest checkout login off): every address is available, so the query
    // cannot tell who has an account.
    expect((await shop.gql(q, { e: 'GRACE@example.com' })).data.isEmailAvailable.is_email_available).toBe(true);
    expect((await shop.gql(q, { e: 'nobody@example.com' })).data.isEmailAvailable.is_email_available).toBe(true);
    shop.sql.prepare('insert into store_config (key, value) values (?, ?)').run('enable_guest_checkout_login', '1');
    try {
      expect((await shop.gql(q, { e: 'GRACE@example.com' })).data.isEmailAvailable.is_email_available).toBe(false);
      expect((await shop.gql(q, { e: 'nobody@example.com' })).data.isEmailAvailable.is_email_available).toBe(true);
    } finally {
      shop.sql.prepare('delete from store_config where key = ?').run('enable_guest_checkout_login');
    }
    expect(errorOf(await shop.gql(q, { e: 'nope' }))?.message).toBe('Email is invalid');
  });
});

describe('generateCustomerToken', () => {
  it('issues a token that reads the account; the database keeps only its sha256', async () => {
    const { token, email } = await signUp(shop);
    expect(token).toMatch(/^[\w-]{43}$/);
    const me = await shop.gql(`query ${ME}`, {}, token);
    expect(me.data.customer).toMatchObject({
      email,
      firstname: 'Ada',
      confirmation_status: 'ACCOUNT_CONFIRMATION_NOT_REQUIRED',
      addresses: [],
    });
    const rows = shop.sql.prepare('select token_hash from customer_token').all() as Array<{ token_hash: string }>;
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('answers a wrong password and an unknown address with the same message', async () => {
    const wrong = await shop.gql(SIGN_IN, { email: 'grace@example.com', password: 'Wrong-Password-1' });
    const unknown = await shop.gql(SIGN_IN, { email: 'nobody@example.com', password: 'Wrong-Password-1' });
    const message =
      'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.';
    expect(errorOf(wrong)).toEqual({ message, category: 'graphql-authentication' });
    expect(errorOf(unknown)).toEqual({ message, category: 'graphql-authentication' });
  });

  it('signs in case-insensitively by e-mail', async () => {
    const result = await shop.gql(SIGN_IN, { email: 'GRACE@EXAMPLE.COM', password: PASSWORD });
    expect(result.data.generateCustomerToken.token).toEqual(expect.any(String));
  });

  it('locks the account for 10 minutes after 10 failures, even for the right password, then lets it in again', async () => {
    const { email } = await signUp(shop);
    for (let i = 0; i < 10; i++) {
      expect(errorOf(await shop.gql(SIGN_IN, { email, password: `Wrong-Pass-${i}` }))?.message).toMatch(
        /^The account sign-in was incorrect/,
      );
    }
    // Locked, and answered as a wrong password is: the answer must not tell that the account exists.
    const locked = await shop.gql(SIGN_IN, { email, password: PASSWORD });
    expect(errorOf(locked)).toEqual({
      message:
        'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
      category: 'graphql-authentication',
    });
    expect(locked.data?.generateCustomerToken ?? null).toBeNull();
    shop.clock.advance(9 * 60_000);
    expect(errorOf(await shop.gql(SIGN_IN, { email, password: PASSWORD }))?.message).toMatch(
      /^The account sign-in was incorrect/,
    );
    shop.clock.advance(61_000);
    const open = await shop.gql(SIGN_IN, { email, password: PASSWORD });
    expect(open.errors).toBeUndefined();
    expect(shop.sql.prepare('select failures_num, lock_expires from customer where email = ?').get(email)).toEqual({
      failures_num: 0,
      lock_expires: null,
    });
  });

  it('a successful sign-in resets the failure count', async () => {
    const { email } = await signUp(shop);
    for (let i = 0; i < 9; i++) await shop.gql(SIGN_IN, { email, password: 'Wrong-Pass-0' });
    expect((await shop.gql(SIGN_IN, { email, password: PASSWORD })).errors).toBeUndefined();
    await shop.gql(SIGN_IN, { email, password: 'Wrong-Pass-0' });
    expect((await shop.gql(SIGN_IN, { email, password: PASSWORD })).errors).toBeUndefined();
  });
});

describe('token lifetime and revocation', () => {
  it('expires a token after customer_access_token_lifetime hours (default 1)', async () => {
    const { token } = await signUp(shop);
    shop.clock.advance(59 * 60_000);
    expect((await shop.gql('{ customer { email } }', {}, token)).errors).toBeUndefined();
    shop.clock.advance(60_000);
    expect(errorOf(await shop.gql('{ customer { email } }', {}, token))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });

  it('follows a configured lifetime, also for tokens already issued', async () => {
    const { token } = await signUp(shop);
    shop.sql.prepare(`insert into store_config (key, value) values ('customer_access_token_lifetime', '3')`).run();
    try {
      shop.clock.advance(2 * 3_600_000);
      expect((await shop.gql('{ customer { email } }', {}, token)).errors).toBeUndefined();
      shop.clock.advance(3_600_000);
      expect(errorOf(await shop.gql('{ customer { email } }', {}, token))?.message).toBe(
        "The current customer isn't authorized.",
      );
    } finally {
      shop.sql.prepare(`delete from store_config where key = 'customer_access_token_lifetime'`).run();
    }
  });

  it('revokeCustomerToken ends that token only', async () => {
    const { email, token } = await signUp(shop);
    const other = (await shop.gql(SIGN_IN, { email, password: PASSWORD })).data.generateCustomerToken.token as string;
    const revoked = await shop.gql('mutation { revokeCustomerToken { result } }', {}, token);
    expect(revoked.data.revokeCustomerToken).toEqual({ result: true });
    expect(errorOf(await shop.gql('{ customer { email } }', {}, token))?.message).toBe(
      "The current customer isn't authorized.",
    );
    expect((await shop.gql('{ customer { email } }', {}, other)).data.customer.email).toBe(email);
  });

  it('refuses customer operations without a token, or with a malformed one', async () => {
    expect(errorOf(await shop.gql('{ customer { email } }'))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
    expect(errorOf(await shop.gql('mutation { revokeCustomerToken { result } }'))?.message).toBe(
      "The current customer isn't authorized.",
    );
    const response = await shop.commerce.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Basic abc' },
        body: JSON.stringify({ query: '{ customer { email } }' }),
      }),
    );
    expect((await response.json()).errors[0].message).toBe("The current customer isn't authorized.");
  });
});

describe('changing the account', () => {
  it('updateCustomerV2 changes only the fields sent', async () => {
    const { token } = await signUp(shop);
    const result = await shop.gql(
      'mutation($i: CustomerUpdateInput!) { updateCustomerV2(input: $i) { customer { firstname lastname middlename date_of_birth gender is_subscribed } } }',
      { i: { firstname: 'Augusta', middlename: 'Ada', date_of_birth: '1915-12-10', gender: 2, is_subscribed: true } },
      token,
    );
    expect(result.data.updateCustomerV2.customer).toEqual({
      firstname: 'Augusta',
      lastname: 'Lovelace',
      middlename: 'Ada',
      date_of_birth: '1915-12-10',
      gender: 2,
      is_subscribed: true,
    });
    const off = await shop.gql(
      'mutation { updateCustomerV2(input: { is_subscribed: false }) { customer { is_subscribed firstname } } }',
      {},
      token,
    );
    expect(off.data.updateCustomerV2.customer).toEqual({ is_subscribed: false, firstname: 'Augusta' });
  });

  it("updateCustomerEmail needs the password, refuses a taken address and moves the open cart's e-mail", async () => {
    const { token, password } = await signUp(shop);
    const cartId = (await shop.gql('{ customerCart { id } }', {}, token)).data.customerCart.id as string;
    const q =
      'mutation($e: String!, $p: String!) { updateCustomerEmail(email: $e, password: $p) { customer { email } } }';
    expect(errorOf(await shop.gql(q, { e: 'new-address@example.com', p: 'Wrong-Pass-1' }, token))).toEqual({
      message: 'Invalid login or password.',
      category: 'graphql-authentication',
    });
    expect(errorOf(await shop.gql(q, { e: 'grace@example.com', p: password }, token))?.message).toBe(
      'A customer with the same email address already exists in an associated website.',
    );
    const ok = await shop.gql(q, { e: 'New-Address@example.com', p: password }, token);
    expect(ok.data.updateCustomerEmail.customer.email).toBe('new-address@example.com');
    expect((await shop.gql(SIGN_IN, { email: 'new-address@example.com', password })).errors).toBeUndefined();
    expect((shop.sql.prepare('select email from cart where id = ?').get(cartId) as { email: string }).email).toBe(
      'new-address@example.com',
    );
  });

  it('changeCustomerPassword checks the current password and the rules, then ends every token', async () => {
    const { email, token, password } = await signUp(shop);
    const second = (await shop.gql(SIGN_IN, { email, password })).data.generateCustomerToken.token as string;
    const q =
      'mutation($c: String!, $n: String!) { changeCustomerPassword(currentPassword: $c, newPassword: $n) { email } }';
    expect(errorOf(await shop.gql(q, { c: 'Wrong-Pass-1', n: 'Brand-New-Pass-2' }, token))?.message).toBe(
      'Invalid login or password.',
    );
    expect(errorOf(await shop.gql(q, { c: password, n: 'weakweak' }, token))?.message).toMatch(
      /^Minimum of different classes/,
    );
    const ok = await shop.gql(q, { c: password, n: 'Brand-New-Pass-2' }, token);
    expect(ok.data.changeCustomerPassword.email).toBe(email);
    for (const t of [token, second])
      expect(errorOf(await shop.gql('{ customer { email } }', {}, t))?.message).toBe(
        "The current customer isn't authorized.",
      );
    expect(errorOf(await shop.gql(SIGN_IN, { email, password }))?.message).toMatch(
      /^The account sign-in was incorrect/,
    );
    expect((await shop.gql(SIGN_IN, { email, password: 'Brand-New-Pass-2' })).errors).toBeUndefined();
  });
});

describe('newsletter and contact form', () => {
  const SUBSCRIBE = 'mutation($e: String!) { subscribeEmailToNewsletter(email: $e) { status } }';

  it('subscribes a guest address once, and answers every well-formed address alike', async () => {
    expect((await shop.gql(SUBSCRIBE, { e: 'reader@example.com' })).data.subscribeEmailToNewsletter.status).toBe(
      'SUBSCRIBED',
    );
    // Already subscribed, or an account's address: the same answer, so that nobody learns who is a customer.
    expect((await shop.gql(SUBSCRIBE, { e: 'Reader@example.com' })).data.subscribeEmailToNewsletter.status).toBe(
      'SUBSCRIBED',
    );
    expect(
      shop.sql.prepare('select count(*) as n from newsletter_subscriber where email = ?').get('reader@example.com'),
    ).toEqual({ n: 1 });
    expect(errorOf(await shop.gql(SUBSCRIBE, { e: 'bad' }))?.message).toBe('Enter a valid email address.');
    expect((await shop.gql(SUBSCRIBE, { e: 'alan@example.com' })).data.subscribeEmailToNewsletter.status).toBe(
      'SUBSCRIBED',
    );
  });

  it('lets a signed-in customer subscribe their own address, which shows in is_subscribed', async () => {
    const { email, token } = await signUp(shop);
    expect((await shop.gql(SUBSCRIBE, { e: email }, token)).data.subscribeEmailToNewsletter.status).toBe('SUBSCRIBED');
    expect((await shop.gql('{ customer { is_subscribed } }', {}, token)).data.customer.is_subscribed).toBe(true);
  });

  it('contactUs validates, stores the message and mails it to the shop', async () => {
    const q = 'mutation($i: ContactUsInput!) { contactUs(input: $i) { status } }';
    expect(errorOf(await shop.gql(q, { i: { name: ' ', email: 'a@example.com', comment: 'Hi' } }))?.message).toBe(
      'Enter the Name and try again.',
    );
    expect(errorOf(await shop.gql(q, { i: { name: 'A', email: 'nope', comment: 'Hi' } }))?.message).toBe(
      'The email address is invalid. Verify the email address and try again.',
    );
    expect(errorOf(await shop.gql(q, { i: { name: 'A', email: 'a@example.com', comment: '' } }))?.message).toBe(
      'Enter the comment and try again.',
    );
    const ok = await shop.gql(q, {
      i: { name: 'Ann <b>', email: 'ann@example.com', telephone: '555', comment: 'Where is my <order>?' },
    });
    expect(ok.data.contactUs).toEqual({ status: true });
    expect(shop.sql.prepare('select name, email, comment from contact_message').all()).toEqual([
      { name: 'Ann <b>', email: 'ann@example.com', comment: 'Where is my <order>?' },
    ]);
    const [mail] = await shop.mails('contact-');
    expect(mail?.text).toMatch(/^To: hello@vela\.localhost$/m);
    expect(mail?.text).toContain('Where is my &lt;order&gt;?');
  });
});

describe('caching of customer data', () => {
  it('sends Cache-Control: no-store for customer data, over POST and GET', async () => {
    const { token } = await signUp(shop);
    for (const method of ['POST', 'GET'] as const) {
      const response = await shop.raw({ method, query: '{ customer { email } }', token });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-cache')).toBeNull();
    }
  });

  it('never answers a request with a token from the response cache, even for public fields', async () => {
    const { token } = await signUp(shop);
    const query = '{ storeConfig { store_name } }';
    const anonymous = await shop.raw({ method: 'GET', query });
    expect(anonymous.headers.get('cache-control')).toMatch(/public/);
    expect((await shop.raw({ method: 'GET', query })).headers.get('x-cache')).toBe('HIT');
    const signedIn = await shop.raw({ method: 'GET', query, token });
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    const mixed = await shop.raw({ method: 'GET', query: '{ storeConfig { store_name } customer { email } }', token });
    expect(mixed.headers.get('cache-control')).toBe('no-store');
    expect((await mixed.json()).data.customer.email).toEqual(expect.any(String));
  });
});
