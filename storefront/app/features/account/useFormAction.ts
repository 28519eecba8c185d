import { useCallback, useState } from 'react';
import { type MessageDescriptor, useIntl } from 'react-intl';
import { describeError, isAbortError } from '../../data/errors';

export interface FormAction {
  busy: boolean;
  /** The form-level message, shown in an alert; field errors are the caller's. */
  error: string | null;
  setError: (message: string | null) => void;
  /** Runs the request; `onServerMessage` may claim a GraphQL message for a field by returning true. */
  run: (work: () => Promise<void>, onServerMessage?: (message: string) => boolean) => Promise<boolean>;
}

export function useFormAction(): FormAction {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback<FormAction['run']>(
    async (work, onServerMessage) => {
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setError(intl.formatMessage({ id: 'account.offline', defaultMessage: 'You are offline. Your entries are kept; try again when you are back online.' }));
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
        if (!(described.kind === 'graphql' && onServerMessage?.(described.message))) setError(described.message);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [intl],
  );
  return { busy, error, setError, run };
}

/** Formats client descriptors and passes server text through. */
export function useErrorText() {
  const intl = useIntl();
  return (problem: MessageDescriptor | string | undefined) =>
    problem === undefined ? undefined : typeof problem === 'string' ? problem : intl.formatMessage(problem);
}
