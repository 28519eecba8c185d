import { generate } from 'otplib';
import { openShopMaintenance } from '../src/maintenance';
import type { GraphQLResult, Shop } from './cartHarness';

// A browser of the back office, as far as the API can tell: it keeps the session cookie the
// server sets, sends the CSRF token it was given, and nothing else.

export const STAFF_PASSWORD = 'Long-enough-password-1';

export interface StaffBrowser {
  cookie: string | null;
  csrf: string | null;
  lastResponse: Response | null;
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<GraphQLResult<T>>;
}

/** `client`: the network address the host would pass; none, as for in-process calls, by default. */
export function staffBrowser(shop: Shop, client?: string): StaffBrowser {
  const browser: StaffBrowser = {
    cookie: null,
    csrf: null,
    lastResponse: null,
    async gql(query, variables = {}, headers = {}) {
      const response = await shop.commerce.backOffice.fetch(
        new Request('http://localhost/admin/graphql', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': browser.csrf ?? '1',
            ...(browser.cookie ? { cookie: browser.cookie } : {}),
            ...headers,
          },
          body: JSON.stringify({ query, variables }),
        }),
        client ? { address: client } : undefined,
      );
      browser.lastResponse = response;
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const value = pair!.slice(pair!.indexOf('=') + 1);
        browser.cookie = value ? `vela_staff=${value}` : null;
      }
      const result = (await response.json()) as GraphQLResult;
      const state = (result.data as Record<string, { csrfToken?: string | null } | undefined> | undefined) ?? {};
      for (const key of ['signIn', 'verifySecondFactor', 'confirmSecondFactorEnrolment', 'signInState']) {
        const token = state[key]?.csrfToken;
        if (token !== undefined) browser.csrf = token;
      }
      return result;
    },
  };
  return browser;
}

export async function createStaff(shop: Shop, email: string, role: string, password = STAFF_PASSWORD) {
  const maintenance = await openShopMaintenance(shop.database);
  try {
    return await maintenance.createStaff({ email, name: `${role} person`, role, password });
  } finally {
    await maintenance.close();
  }
}

export const STATE = `step csrfToken enrolment { secret uri qrCodeSvg } me { email role secondFactorEnabled }`;
export const SIGN_IN = `mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { ${STATE} } }`;
export const VERIFY = `mutation($c: String!) { verifySecondFactor(code: $c) { ${STATE} } }`;
export const ENROL = `mutation($c: String!) { confirmSecondFactorEnrolment(code: $c) { ${STATE} } }`;

export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Signs in; an owner enrols an authenticator on the way. Returns the TOTP secret, if any. */
export async function signedIn(
  shop: Shop,
  email: string,
  now: () => Date,
  secret?: string,
): Promise<{ browser: StaffBrowser; secret: string | null }> {
  const browser = staffBrowser(shop);
  const first = await browser.gql(SIGN_IN, { e: email, p: STAFF_PASSWORD });
  if (first.errors) throw new Error(first.errors[0]!.message);
  const state = first.data.signIn;
  if (state.step === 'SIGNED_IN') return { browser, secret: null };
  if (state.step === 'ENROL_SECOND_FACTOR') {
    const enrolled = await browser.gql(ENROL, { c: await codeAt(state.enrolment.secret, now()) });
    if (enrolled.errors) throw new Error(enrolled.errors[0]!.message);
    return { browser, secret: state.enrolment.secret as string };
  }
  if (!secret) throw new Error('this account has an authenticator: pass its secret');
  const verified = await browser.gql(VERIFY, { c: await codeAt(secret, now()) });
  if (verified.errors) throw new Error(verified.errors[0]!.message);
  return { browser, secret };
}

/**
 * Counts the audit entries of changes: a refused request writes the record of its refusal
 * (a refused role, a failed CSRF check, a wrong password), and nothing else.
 */
export const AUDITED_CHANGES = `select count(*) as n from audit_log where action not in ('staff.access_denied', 'staff.csrf_failed', 'staff.sign_in_failed', 'staff.lock', 'staff.second_factor_failed', 'staff.password_check_failed')`;
