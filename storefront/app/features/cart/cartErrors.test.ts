import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMissingCartError, requestErrorMessage, userErrorMessage } from './cartErrors';
import { cartMessages } from './cartMessages';

const graphqlError = (...messages: string[]) =>
  new CombinedGraphQLErrors({ errors: messages.map((message) => ({ message })) });

afterEach(() => vi.unstubAllGlobals());

describe('isMissingCartError', () => {
  it("recognises Magento's answers for unknown and ordered carts", () => {
    expect(isMissingCartError(graphqlError('Could not find a cart with ID "abc"'))).toBe(true);
    expect(isMissingCartError(graphqlError("The cart isn't active."))).toBe(true);
  });

  it('does not mistake other errors for a missing cart', () => {
    expect(isMissingCartError(graphqlError('The requested qty is not available'))).toBe(false);
    expect(isMissingCartError(new Error('Could not find a cart with ID "abc"'))).toBe(false);
    expect(isMissingCartError(undefined)).toBe(false);
  });
});

describe('userErrorMessage', () => {
  it('words stock problems in our own, translatable messages', () => {
    expect(
      userErrorMessage({ code: 'NOT_SALABLE', message: 'Product that you are trying to add is not available.' }),
    ).toEqual({ descriptor: cartMessages.notSalable });
    expect(userErrorMessage({ code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' })).toEqual({
      descriptor: cartMessages.insufficientStock,
    });
    expect(userErrorMessage({ code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product' })).toEqual({
      descriptor: cartMessages.notFound,
    });
  });

  it("passes Magento's sentence through for other reasons, with a fallback for an empty one", () => {
    expect(userErrorMessage({ code: 'UNDEFINED', message: ' You need to choose options for your item. ' })).toEqual({
      text: 'You need to choose options for your item.',
    });
    expect(userErrorMessage({ code: 'UNDEFINED', message: '' })).toEqual({ descriptor: cartMessages.generic });
  });
});

describe('requestErrorMessage', () => {
  it("shows Magento's GraphQL messages once each", () => {
    expect(
      requestErrorMessage(graphqlError('The coupon code "NOPE" is not valid.', 'The coupon code "NOPE" is not valid.')),
    ).toEqual({ text: 'The coupon code "NOPE" is not valid.' });
  });

  it('says offline (in the wording the caller picks) when the browser is offline', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(requestErrorMessage(new TypeError('Failed to fetch'), cartMessages.offline)).toEqual({
      descriptor: cartMessages.offline,
    });
    expect(requestErrorMessage(new TypeError('Failed to fetch'))).toEqual({ descriptor: cartMessages.offlineChange });
  });

  it('tells server trouble from a network failure', () => {
    const response = new Response('', { status: 503 });
    expect(
      requestErrorMessage(
        new ServerError('Response not successful: Received status code 503', { response, bodyText: '' }),
      ),
    ).toEqual({ descriptor: cartMessages.server });
    expect(requestErrorMessage(new TypeError('Failed to fetch'))).toEqual({ descriptor: cartMessages.network });
  });
});
