import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { createIntl } from 'react-intl';
import { ApiError, request, setClientLanguage, setCsrfToken, upload, whenSessionLost } from '../src/api/client';
import frFR from '../src/i18n/fr_FR.json';

// Documents of the test's own (the app's are generated from its sources only, so none of these
// ends up in the bundle).
function graphql<TData, TVariables extends Record<string, unknown>>(source: string) {
  return parse(source) as TypedDocumentNode<TData, TVariables>;
}

const OrdersQuery = graphql<{ orders: { totalCount: number } }, { page?: number }>(`
  query TestOrders($page: Int) {
    orders(page: $page) {
      totalCount
    }
  }
`);

const InvoiceMutation = graphql<{ invoiceOrder: { number: string } }, { number: string }>(`
  mutation TestInvoice($number: String!) {
    invoiceOrder(number: $number) {
      number
    }
  }
`);

const ImportMutation = graphql<
  { startCatalogImport: { id: string } },
  { file: File; images?: File[] | null; dryRun?: boolean }
>(`
  mutation TestImport($file: File!, $images: [File!], $dryRun: Boolean) {
    startCatalogImport(file: $file, images: $images, dryRun: $dryRun) {
      id
    }
  }
`);

interface Sent {
  url: string;
  init: RequestInit;
}

function answer(body: unknown, status = 200): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(Response.json(body, { status }));
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
  whenSessionLost(null);
});

describe('the back office request helper', () => {
  it('posts queries to /admin/graphql with the cookie and without a CSRF header', async () => {
    const sent = answer({ data: { orders: { totalCount: 3 } } });
    expect(await request(OrdersQuery, { page: 2 })).toEqual({ orders: { totalCount: 3 } });
    expect(sent[0]!.url).toBe('/admin/graphql');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.credentials).toBe('same-origin');
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBeUndefined();
    const body = JSON.parse(sent[0]!.init.body as string);
    expect(body.query).toContain('query TestOrders');
    expect(body.variables).toEqual({ page: 2 });
  });

  it('sends the session’s CSRF token with every mutation, and a placeholder before a session exists', async () => {
    let sent = answer({ data: { invoiceOrder: { number: '1' } } });
    await request(InvoiceMutation, { number: '1' });
    expect((sent[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('1');
    setCsrfToken('session-token');
    sent = answer({ data: { invoiceOrder: { number: '1' } } });
    await request(InvoiceMutation, { number: '1' });
    expect((sent[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('session-token');
  });

  it('uploads a file as a GraphQL multipart request (operations, map, file part) with the CSRF header', async () => {
    setCsrfToken('session-token');
    const sent = answer({ data: { startCatalogImport: { id: 'job-1' } } });
    const file = new File(['sku,name\nA,B\n'], 'products.csv', { type: 'text/csv' });
    const images = [new File(['png'], 'mug.png', { type: 'image/png' }), new File(['jpg'], 'tote.jpg')];
    expect(await upload(ImportMutation, { file, images, dryRun: true }, { file, images })).toEqual({
      startCatalogImport: { id: 'job-1' },
    });
    const headers = sent[0]!.init.headers as Record<string, string>;
    expect(headers['X-CSRF-Token']).toBe('session-token');
    // The browser writes multipart/form-data with its boundary itself.
    expect(headers['Content-Type']).toBeUndefined();
    const form = sent[0]!.init.body as FormData;
    const operations = JSON.parse(form.get('operations') as string);
    expect(operations.query).toContain('mutation TestImport');
    expect(operations.variables).toEqual({ file: null, images: [null, null], dryRun: true });
    expect(JSON.parse(form.get('map') as string)).toEqual({
      0: ['variables.file'],
      1: ['variables.images.0'],
      2: ['variables.images.1'],
    });
    expect((form.get('1') as File).name).toBe('mug.png');
    expect(await (form.get('2') as File).text()).toBe('jpg');
    const part = form.get('0') as File;
    expect(part.name).toBe('products.csv');
    expect(await part.text()).toBe('sku,name\nA,B\n');
  });

  it('turns a GraphQL error into an ApiError with its category and message, and reports a lost session', async () => {
    const lost = vi.fn();
    whenSessionLost(lost);
    answer({ errors: [{ message: 'Sign in to continue.', extensions: { category: 'graphql-authentication' } }] });
    const error = await request(OrdersQuery, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Sign in to continue.');
    expect((error as ApiError).category).toBe('graphql-authentication');
    expect(lost).toHaveBeenCalledTimes(1);

    answer({ errors: [{ message: 'Your role may not do that.', extensions: { category: 'graphql-authorization' } }] });
    const refused = await request(InvoiceMutation, { number: '1' }).catch((caught: unknown) => caught);
    expect((refused as ApiError).category).toBe('graphql-authorization');
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('explains a refused request without a GraphQL answer (403 without the CSRF token) and an unreachable server', async () => {
    answer({}, 403);
    await expect(request(InvoiceMutation, { number: '1' })).rejects.toThrow(/refused/);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request(OrdersQuery, {})).rejects.toThrow(/cannot be reached/);
  });

  it('says its own failures in the language the back office is in', async () => {
    setClientLanguage(createIntl({ locale: 'fr-FR', messages: frFR }));
    try {
      answer({}, 502);
      await expect(request(OrdersQuery, {})).rejects.toThrow('Le serveur n’a pas pu répondre (HTTP 502). Réessayez.');
    } finally {
      setClientLanguage(createIntl({ locale: 'en-US', messages: {} }));
    }
    answer({}, 502);
    await expect(request(OrdersQuery, {})).rejects.toThrow('The server could not answer (HTTP 502). Try again.');
  });
});
