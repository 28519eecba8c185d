import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { authorizationError } from '../errors';
import { customerIdForToken } from './customerTokenService';

export const NOT_AUTHORIZED = "The current customer isn't authorized.";

/** Who is asking: resolved from the Authorization header once per request, on first use. */
export interface RequestAuth {
  /** The bearer token sent, valid or not. */
  readonly token: string | null;
  /** The signed-in customer, or null for a guest (no token, or an unknown, expired or revoked one). */
  customerId(): Promise<number | null>;
  /** The signed-in customer's group (its tier prices and tax class); 0, NOT LOGGED IN, for a guest. */
  customerGroupId(): Promise<number>;
  /** The signed-in customer; Magento's authorization error otherwise. */
  requireCustomerId(): Promise<number>;
  /**
   * Refuses carts that belong to someone else. A signed-in customer gets the same refusal for an
   * unknown cart id; a guest gets Magento's not-found error for it, which Magento clients use to
   * drop a stale cart id (the masked id is itself the secret, so this reveals nothing guessable).
   * `cart` is the cart's row read by the trimmed id, undefined when there is none (the caller reads
   * it once for this and the store-view check: auth/cartAccessGuard.ts).
   */
  assertCartAccessTo(cartId: string, cart: { customer_id: number | null } | undefined): Promise<void>;
}

function bearerToken(request: Request | undefined): string | null {
  const header = request?.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

export function cartAccessDenied(cartId: string) {
  return authorizationError(`The current user cannot perform operations on cart "${cartId}"`);
}

export function createRequestAuth(db: Kysely<Database>, request: Request | undefined, now: () => Date): RequestAuth {
  const token = bearerToken(request);
  let resolved: Promise<number | null> | null = null;
  const customerId = () => {
    resolved ??= token ? customerIdForToken(db, token, now()) : Promise.resolve(null);
    return resolved;
  };
  let group: Promise<number> | null = null;
  const customerGroupId = () => {
    group ??= customerId().then(async (id) => {
      if (id === null) return 0;
      const row = await db.selectFrom('customer').select('group_id').where('id', '=', id).executeTakeFirst();
      return row?.group_id ?? 0;
    });
    return group;
  };
  return {
    token,
    customerId,
    customerGroupId,
    async requireCustomerId() {
      const id = await customerId();
      if (id === null) throw authorizationError(NOT_AUTHORIZED);
      return id;
    },
    async assertCartAccessTo(cartId, cart) {
      const actor = await customerId();
      if (!cart) {
        if (actor !== null) throw cartAccessDenied(cartId.trim());
        return;
      }
      // A guest cart is only for guests too: a signed-in customer brings it over with mergeCarts.
      if (cart.customer_id !== actor) throw cartAccessDenied(cartId.trim());
    },
  };
}
