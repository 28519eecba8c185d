import { type MessageDescriptor, useIntl } from 'react-intl';
import { type RequestAction, useRequestAction } from '../../data/useRequestAction';

export function useFormAction(): RequestAction {
  const intl = useIntl();
  return useRequestAction(
    intl.formatMessage({
      id: 'account.offline',
      defaultMessage: 'You are offline. Your entries are kept; try again when you are back online.',
    }),
  );
}

/** Formats client descriptors and passes server text through. */
export function useErrorText() {
  const intl = useIntl();
  return (problem: MessageDescriptor | string | undefined) =>
    problem === undefined ? undefined : typeof problem === 'string' ? problem : intl.formatMessage(problem);
}
