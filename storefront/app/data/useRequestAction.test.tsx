import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_MESSAGE } from './errors';
import { useRequestAction } from './useRequestAction';

const OFFLINE = 'Offline: kept for later.';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup() {
  return renderHook(() => useRequestAction(OFFLINE));
}

describe('useRequestAction', () => {
  it('is busy while the work runs and reports success', async () => {
    const { result } = setup();
    let finish = () => {};
    let outcome: Promise<boolean> | undefined;
    act(() => {
      outcome = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      expect(await outcome).toBe(true);
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('lets a field claim a GraphQL message and shows the others as the form error', async () => {
    const { result } = setup();
    const failure = new CombinedGraphQLErrors({ errors: [{ message: 'The email is taken.' }] });
    await act(async () => {
      expect(
        await result.current.run(
          () => Promise.reject(failure),
          (message) => message.includes('email'),
        ),
      ).toBe(false);
    });
    expect(result.current.error).toBeNull();
    await act(async () => {
      await result.current.run(
        () => Promise.reject(failure),
        () => false,
      );
    });
    expect(result.current.error).toBe('The email is taken.');
  });

  it('shows a readable message for other failures and nothing for aborted requests', async () => {
    const { result } = setup();
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError('Failed to fetch')));
    });
    expect(result.current.error).toBe(NETWORK_MESSAGE);
    act(() => result.current.setError(null));
    await act(async () => {
      expect(await result.current.run(() => Promise.reject(new DOMException('aborted', 'AbortError')))).toBe(false);
    });
    expect(result.current.error).toBeNull();
  });

  it('does not start offline and says so in the caller’s words', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = setup();
    const work = vi.fn(() => Promise.resolve());
    await act(async () => {
      expect(await result.current.run(work)).toBe(false);
    });
    expect(work).not.toHaveBeenCalled();
    expect(result.current.error).toBe(OFFLINE);
  });
});
