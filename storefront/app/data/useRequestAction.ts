import { useCallback, useState } from 'react';
import { describeError, isAbortError } from './errors';

export interface RequestAction {
  busy: boolean;
  /** The form-level message, shown in an alert; field errors are the caller's. */
  error: string | null;
  setError: (message: string | null) => void;
  /**
   * Runs a request for a form. Offline it does not start and says so (input stays as typed).
   * `onServerMessage` may claim a GraphQL message for a field by returning true.
   */
  run: (work: () => Promise<void>, onServerMessage?: (message: string) => boolean) => Promise<boolean>;
}

/**
 * Busy flag and one readable error for a form that sends requests. `offlineMessage` is the
 * caller's own wording for "you are offline" (already formatted), since what is kept and
 * what to do next differs between forms.
 */
export function useRequestAction(offlineMessage: string): RequestAction {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback<RequestAction['run']>(
    async (work, onServerMessage) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setError(offlineMessage);
        return false;
      }
      setBusy(true);
      setError(null);
      try {
        await work();
        return true;
      } catch (caught) {
        if (isAbortError(caught)) return false;
        const described = describeError(caught);
        if (described.kind === 'offline') setError(offlineMessage);
        else if (!(described.kind === 'graphql' && onServerMessage?.(described.message))) setError(described.message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [offlineMessage],
  );

  return { busy, error, setError, run };
}
