import { createGraphQLError } from 'graphql-yoga';
import { authenticationError, authorizationError } from '../domains/errors';
import type { BackOfficeContext } from './backOfficeContext';
import { OPERATION_PERMISSIONS, roleAllows } from './permissions';
import { clientOrNull, recordStaffFailure, type FailureRecord } from '../domains/staff';

// Every root field runs behind this guard: the CSRF token first (for writes), then the session,
// then the role the operation needs (permissions.ts).

type Resolver = (parent: unknown, args: never, context: BackOfficeContext, info: unknown) => unknown;
type RootResolvers = Record<string, Record<string, Resolver>>;

function csrfError() {
  return createGraphQLError("The request's CSRF token is missing or wrong. Reload the page and try again.", {
    extensions: { category: 'graphql-authorization', http: { status: 403 } },
  });
}

interface Refusal {
  /** A DomainError, or a GraphQL error for what only this API knows (a CSRF token). */
  error: Error;
  /** What the audit log keeps of it; nothing for a request without a session asking for more. */
  failure?: FailureRecord;
}

function refusalOf(typeName: string, fieldName: string, context: BackOfficeContext): Refusal | null {
  const operation = `${typeName}.${fieldName}`;
  const needed = OPERATION_PERMISSIONS[operation];
  if (!needed) return { error: authorizationError('This operation is not available.') };
  const session = context.session;
  const staff = session ? { id: session.staff.id, email: session.staff.email } : null;
  if (typeName === 'Mutation') {
    const header = context.csrfHeader;
    if (!header || (session && header !== session.row.csrf_token))
      return { error: csrfError(), failure: { action: 'staff.csrf_failed', staff, details: { operation } } };
  }
  if (needed === 'anyone') return null;
  if (!session || session.row.stage !== 'full')
    return { error: authenticationError('Sign in to the back office first.') };
  if (!roleAllows(session.staff.role, needed))
    return {
      error: authorizationError(
        `Your role (${session.staff.role}) may not do this: it needs the ${needed} role${needed === 'owner' ? '' : ' or above'}.`,
      ),
      failure: { action: 'staff.access_denied', staff, details: { operation, role: session.staff.role } },
    };
  return null;
}

export function guarded<T extends RootResolvers>(resolvers: T): T {
  const out: RootResolvers = {};
  for (const [typeName, fields] of Object.entries(resolvers)) {
    if (typeName !== 'Query' && typeName !== 'Mutation') {
      out[typeName] = fields;
      continue;
    }
    out[typeName] = Object.fromEntries(
      Object.entries(fields).map(([fieldName, resolve]) => [
        fieldName,
        (parent: unknown, args: never, context: BackOfficeContext, info: unknown) => {
          const refusal = refusalOf(typeName, fieldName, context);
          if (refusal) {
            if (!refusal.failure) throw refusal.error;
            // Recorded before the refusal is answered: the answer waits for the log.
            const { failure, error } = refusal;
            return recordStaffFailure(context.services.db, failure, context.client, context.services.clock()).then(
              () => {
                throw error;
              },
            );
          }
          if (context.session?.row.stage === 'full') {
            const { staff } = context.session;
            context.actor = { staffId: staff.id, email: staff.email, client: clientOrNull(context.client) };
          }
          return resolve(parent, args, context, info);
        },
      ]),
    );
  }
  return out as T;
}
