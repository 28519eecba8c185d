import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { looksLikeEmailAddress } from '../../common/emailAddress';

// The name and e-mail fields of a customer account, as the new-customer page and the account's
// edit form both show and check them (the server checks again).

export interface NameDraft {
  firstname: string;
  lastname: string;
  email: string;
}

export type NameProblems = Partial<Record<keyof NameDraft, string>>;

/** What is wrong with the draft, by field; empty when it may be sent. */
export function nameProblems(intl: IntlShape, draft: NameDraft): NameProblems {
  const required = intl.formatMessage(fieldMessages.required);
  const problems: NameProblems = {};
  if (!draft.firstname.trim()) problems.firstname = required;
  if (!draft.lastname.trim()) problems.lastname = required;
  if (!looksLikeEmailAddress(draft.email.trim()))
    problems.email = intl.formatMessage({
      id: 'backoffice.customer.emailInvalid',
      defaultMessage: 'Enter an e-mail address such as name@example.com.',
    });
  return problems;
}

export function CustomerNameFields<T extends NameDraft>({
  draft,
  problems,
  onChange,
}: {
  draft: T;
  problems: NameProblems;
  onChange: (next: T) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <Field
        label={intl.formatMessage({ id: 'backoffice.customer.firstname', defaultMessage: 'First name' })}
        name="firstname"
        autoComplete="off"
        required
        value={draft.firstname}
        error={problems.firstname}
        onChange={(event) => onChange({ ...draft, firstname: event.target.value })}
      />
      <Field
        label={intl.formatMessage({ id: 'backoffice.customer.lastname', defaultMessage: 'Last name' })}
        name="lastname"
        autoComplete="off"
        required
        value={draft.lastname}
        error={problems.lastname}
        onChange={(event) => onChange({ ...draft, lastname: event.target.value })}
      />
      <Field
        label={intl.formatMessage({ id: 'backoffice.customer.email', defaultMessage: 'E-mail' })}
        type="email"
        name="email"
        autoComplete="off"
        required
        value={draft.email}
        error={problems.email}
        onChange={(event) => onChange({ ...draft, email: event.target.value })}
      />
    </>
  );
}
