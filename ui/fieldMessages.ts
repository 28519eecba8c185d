import { defineMessages } from 'react-intl';

// Shared by every form so that shoppers see one wording for the same problem.
export const fieldMessages = defineMessages({
  required: { id: 'ui.field.required', defaultMessage: 'This field is required' },
});
