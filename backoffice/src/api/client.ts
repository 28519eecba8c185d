import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { Kind, type OperationDefinitionNode, OperationTypeNode, print } from 'graphql';
import { type IntlShape, type MessageDescriptor, createIntl, defineMessages } from 'react-intl';

/** The back office's own API; the session cookie (Path=/admin) goes with every same-origin request. */
export const ENDPOINT = '/admin/graphql';

/**
 * The error category /admin/graphql answers with (extensions.category): graphql-authentication,
 * graphql-authorization, graphql-input, graphql-no-such-entity, …
 */
export type ErrorCategory = string;

/** A request that failed: the server's message is meant for the user and is shown as it is. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly category: ErrorCategory | null,
    readonly status: number,
    /** The form field a refused input is about (extensions.field), when the server names one. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No session, an expired one, or wrong credentials. */
  get unauthenticated(): boolean {
    return this.category === 'graphql-authentication';
  }
}

const m: Record<'unreachable' | 'refused' | 'failed', MessageDescriptor> = defineMessages({
  unreachable: {
    id: 'backoffice.api.unreachable',
    defaultMessage: 'The server cannot be reached. Check the connection and try again.',
  },
  refused: { id: 'backoffice.api.refused', defaultMessage: 'The request was refused. Reload the page and try again.' },
  failed: { id: 'backoffice.api.failed', defaultMessage: 'The server could not answer (HTTP {status}). Try again.' },
});

// The client's own words (the server's come in its answers), in the back office's language:
// LocaleProvider hands over its formatter, English until it does.
let intl: IntlShape = createIntl({ locale: 'en-US', defaultLocale: 'en-US', messages: {}, onError: () => undefined });

export function setClientLanguage(next: IntlShape): void {
  intl = next;
}

// Before a session exists (signIn) any non-empty value passes; afterwards the session's token.
let csrfToken: string | null = null;
let onSessionLost: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Called when an operation other than signing in is refused for want of a session. */
export function whenSessionLost(listener: (() => void) | null): void {
  onSessionLost = listener;
}

const SIGN_IN_OPERATIONS = new Set(['SignIn', 'VerifySecondFactor', 'ConfirmEnrolment', 'SignInState']);

interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { category?: string; field?: string } }[];
}

function operationOf(document: TypedDocumentNode<unknown, never>): OperationDefinitionNode | undefined {
  return document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
}

async function send<TData>(
  document: TypedDocumentNode<TData, never>,
  body: BodyInit,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<TData> {
  const operation = operationOf(document);
  if (operation?.operation === OperationTypeNode.MUTATION) headers['X-CSRF-Token'] = csrfToken ?? '1';
  let response: Response;
  try {
    response = await fetch(ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/graphql-response+json, application/json', ...headers },
      body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(intl.formatMessage(m.unreachable), null, 0);
  }
  let payload: GraphQLResponse<TData> | null = null;
  try {
    payload = (await response.json()) as GraphQLResponse<TData>;
  } catch {
    payload = null;
  }
  const first = payload?.errors?.[0];
  if (first) {
    const error = new ApiError(
      first.message,
      first.extensions?.category ?? null,
      response.status,
      first.extensions?.field ?? null,
    );
    if (error.unauthenticated && !SIGN_IN_OPERATIONS.has(operation?.name?.value ?? '')) onSessionLost?.();
    throw error;
  }
  if (response.status === 403) throw new ApiError(intl.formatMessage(m.refused), null, response.status);
  if (!response.ok || !payload?.data)
    throw new ApiError(intl.formatMessage(m.failed, { status: response.status }), null, response.status);
  return payload.data;
}

/** Runs a query or mutation; mutations carry the X-CSRF-Token header. */
export function request<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables?: TVariables,
  signal?: AbortSignal,
): Promise<TData> {
  return send(
    document as TypedDocumentNode<TData, never>,
    JSON.stringify({ query: print(document), variables: variables ?? {} }),
    { 'Content-Type': 'application/json' },
    signal,
  );
}

/**
 * A mutation with files, as the GraphQL multipart request spec sends it: `operations` (each file's
 * variable set to null), `map` (part "0", "1", … → the variable each fills) and the file parts.
 * `files` names a variable with one file, or with a list of files.
 */
export function upload<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  files: Partial<Record<keyof TVariables & string, File | readonly File[]>>,
): Promise<TData> {
  const form = new FormData();
  const nulled: Record<string, unknown> = { ...variables };
  const map: Record<string, string[]> = {};
  const parts: File[] = [];
  for (const [name, value] of Object.entries(files) as [string, File | readonly File[] | undefined][]) {
    if (!value) continue;
    if (value instanceof File) {
      nulled[name] = null;
      map[String(parts.length)] = [`variables.${name}`];
      parts.push(value);
    } else {
      nulled[name] = value.map(() => null);
      value.forEach((file, index) => {
        map[String(parts.length)] = [`variables.${name}.${index}`];
        parts.push(file);
      });
    }
  }
  form.append('operations', JSON.stringify({ query: print(document), variables: nulled }));
  form.append('map', JSON.stringify(map));
  parts.forEach((file, index) => form.append(String(index), file, file.name));
  // The browser writes the multipart Content-Type with its boundary itself.
  return send(document as TypedDocumentNode<TData, never>, form, {});
}
