import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { accountMessages } from './accountMessages';
import { AccountContactMutation } from './accountMutations';
import { type FormErrors, emailProblem } from './accountValidation';
import { FormAlert } from './FormAlert';
import { useErrorText, useFormAction } from './useFormAction';
import fieldStyles from '@vela/ui/Field.module.css';
import styles from './AccountForms.module.css';

type ContactField = 'name' | 'email' | 'telephone' | 'comment';

export function validateContact(values: Record<ContactField, string>): FormErrors<ContactField> {
  const errors: FormErrors<ContactField> = {};
  if (!values.name.trim()) errors.name = fieldMessages.required;
  const email = emailProblem(values.email);
  if (email) errors.email = email;
  if (!values.comment.trim()) errors.comment = fieldMessages.required;
  return errors;
}

export function ContactForm() {
  const intl = useIntl();
  const client = useApolloClient();
  const action = useFormAction();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<ContactField, string>>({
    name: '',
    email: '',
    telephone: '',
    comment: '',
  });
  const [errors, setErrors] = useState<FormErrors<ContactField>>({});
  const [sent, setSent] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateContact(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const ok = await action.run(async () => {
      await client.mutate({
        mutation: AccountContactMutation,
        variables: {
          input: {
            name: values.name.trim(),
            email: values.email.trim(),
            telephone: values.telephone.trim() || null,
            comment: values.comment.trim(),
          },
        },
      });
    });
    setSent(ok);
  }

  if (sent) {
    return (
      <p role="status" className={styles.success}>
        <FormattedMessage
          id="account.contact.sent"
          defaultMessage="Thanks for contacting us. We will reply as soon as possible."
        />
      </p>
    );
  }
  const change = (name: ContactField) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  const commentError = errorText(errors.comment);

  return (
    <form ref={formRef} noValidate onSubmit={submit} className={styles.form}>
      <FormAlert message={action.error} />
      <Field
        id="contact-name"
        name="name"
        required
        autoComplete="name"
        value={values.name}
        onChange={change('name')}
        error={errorText(errors.name)}
        label={intl.formatMessage({ id: 'account.contact.name', defaultMessage: 'Name' })}
      />
      <Field
        id="contact-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errorText(errors.email)}
        label={intl.formatMessage(accountMessages.email)}
      />
      <Field
        id="contact-telephone"
        name="telephone"
        type="tel"
        autoComplete="tel"
        value={values.telephone}
        onChange={change('telephone')}
        label={intl.formatMessage({ id: 'account.contact.telephone', defaultMessage: 'Phone number (optional)' })}
      />
      <div className={fieldStyles.field}>
        <label htmlFor="contact-comment" className={fieldStyles.label}>
          {intl.formatMessage({ id: 'account.contact.comment', defaultMessage: 'What’s on your mind?' })}
          <span className={fieldStyles.required} aria-hidden="true">
            *
          </span>
        </label>
        <textarea
          id="contact-comment"
          name="comment"
          required
          rows={6}
          className={fieldStyles.control}
          value={values.comment}
          onChange={change('comment')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? 'contact-comment-error' : undefined}
        />
        {commentError && (
          <p id="contact-comment-error" className={fieldStyles.error}>
            {commentError}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy}>
          {intl.formatMessage({ id: 'account.contact.submit', defaultMessage: 'Send message' })}
        </Button>
      </div>
    </form>
  );
}
