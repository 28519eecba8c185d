import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { describeError, isAbortError } from '../../data/errors';
import { checkoutMessages } from './checkoutMessages';

export interface StepAction {
  busy: boolean;
  /** The step-level message, shown in an alert; field errors are the caller's. */
  error: string | null;
  setError: (message: string | null) => void;
  /**
   * Runs a request for the step. Offline it does not start and says so (input stays as typed).
   * `onServerMessage` may claim a message for a field by returning true.
   */
  run: (work: () => Promise<void>, onServerMessage?: (message: string) => boolean) => Promise<boolean>;
}

export function useStepAction(): StepAction {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback<StepAction['run']>(
    async (work, onServerMessage) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setError(intl.formatMessage(checkoutMessages.offlineAction));
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
        if (described.kind === 'offline') setError(intl.formatMessage(checkoutMessages.offlineAction));
        else if (!(described.kind === 'graphql' && onServerMessage?.(described.message))) setError(described.message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [intl],
  );

  return { busy, error, setError, run };
}
