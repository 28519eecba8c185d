import { createGraphQLError } from 'graphql-yoga';
import { authenticationError, authorizationError } from '../domains/errors';
import type { BackOfficeContext } from './backOfficeContext';
import { OPERATION_PERMISSIONS, roleAllows } from './permissions';

// Every root field runs behind this guard: the CSRF token first (for writes), then the session,
// then the role the operation needs (permissions.ts).

type Resolver = (parent: unknown, args: never, context: BackOfficeContext, info: unknown) => unknown;
type RootResolvers = Record<string, Record<string, Resolver>>;

function csrfError() {
  return createGraphQLError("The request's CSRF token is missing or wrong. Reload the page and try again.", {
    extensions: { category: 'graphql-authorization', http: { status: 403 } },
  });
}

export function checkOperation(typeName: string, fieldName: string, context: BackOfficeContext): void {
  const needed = OPERATION_PERMISSIONS[`${typeName}.${fieldName}`];
  if (!needed) throw authorizationError('This operation is not available.');
  if (typeName === 'Mutation') {
    const header = context.csrfHeader;
    if (!header) throw csrfError();
    if (context.session && header !== context.session.row.csrf_token) throw csrfError();
  }
  if (needed === 'anyone') return;
  const session = context.session;
  if (!session || session.row.stage !== 'full') throw authenticationError('Sign in to the back office first.');
  if (!roleAllows(session.staff.role, needed))
    throw authorizationError(
      `Your role (${session.staff.role}) may not do this: it needs the ${needed} role${needed === 'owner' ? '' : ' or above'}.`,
    );
  context.actor = { staffId: session.staff.id, email: session.staff.email };
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
          checkOperation(typeName, fieldName, context);
          return resolve(parent, args, context, info);
        },
      ]),
    );
  }
  return out as T;
}
