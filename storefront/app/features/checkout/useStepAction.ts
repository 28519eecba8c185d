import { useIntl } from 'react-intl';
import { type RequestAction, useRequestAction } from '../../data/useRequestAction';
import { checkoutMessages } from './checkoutMessages';

/** A checkout step's request runner; offline, the step keeps what was entered and says so. */
export function useStepAction(): RequestAction {
  const intl = useIntl();
  return useRequestAction(intl.formatMessage(checkoutMessages.offlineAction));
}
