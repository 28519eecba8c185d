import { useApolloClient } from '@apollo/client/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRequestAction } from '../../data/useRequestAction';
import { looksLikeEmailAddress } from '../../shared/emailAddress';
import { useHydrated } from '../../shared/useHydrated';
import { Button } from '@vela/ui/Button';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { SubscribeToNewsletterMutation } from './newsletterMutations';
import styles from './NewsletterSignup.module.css';

/**
 * The footer's newsletter sign-up for anyone, signed in or not. The server answers every
 * well-formed address alike, so the form says the same for a new and a known one.
 */
export function NewsletterSignup() {
  const intl = useIntl();
  const client = useApolloClient();
  const hydrated = useHydrated();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const action = useRequestAction(
    intl.formatMessage({
      id: 'newsletter.offline',
      defaultMessage: 'You are offline. Try again when you are back online.',
    }),
  );
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<'SUBSCRIBED' | 'NOT_ACTIVE' | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const invalid = !value
      ? intl.formatMessage(fieldMessages.required)
      : !looksLikeEmailAddress(value)
        ? intl.formatMessage({ id: 'newsletter.emailInvalid', defaultMessage: 'Enter a valid e-mail address' })
        : null;
    setProblem(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    await action.run(async () => {
      const { data } = await client.mutate({ mutation: SubscribeToNewsletterMutation, variables: { email: value } });
      setDone(data?.subscribeEmailToNewsletter?.status === 'NOT_ACTIVE' ? 'NOT_ACTIVE' : 'SUBSCRIBED');
    });
  }

  const errorId = `${id}-error`;
  const message = problem ?? action.error;
  return (
    <section className={styles.signup} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        <FormattedMessage id="newsletter.title" defaultMessage="Get the newsletter" />
      </h2>
      {done ? (
        <p role="status" className={styles.done}>
          {done === 'NOT_ACTIVE' ? (
            <FormattedMessage
              id="newsletter.confirm"
              defaultMessage="Almost there: confirm with the link we have sent to your inbox."
            />
          ) : (
            <FormattedMessage id="newsletter.subscribed" defaultMessage="Thank you, you are subscribed." />
          )}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className={styles.form}>
          <p className={styles.pitch}>
            <FormattedMessage
              id="newsletter.pitch"
              defaultMessage="New arrivals and sales first, about twice a month. Unsubscribe at any time."
            />
          </p>
          <label htmlFor={`${id}-email`} className={styles.label}>
            <FormattedMessage id="newsletter.email" defaultMessage="Your e-mail" />
          </label>
          <div className={styles.row}>
            <input
              ref={inputRef}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              className={styles.input}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setProblem(null);
              }}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? errorId : undefined}
            />
            {/* Until the page's JavaScript runs there is nothing to send the address with. */}
            <Button type="submit" variant="secondary" busy={action.busy} disabled={!hydrated}>
              <FormattedMessage id="newsletter.submit" defaultMessage="Subscribe" />
            </Button>
          </div>
          <p id={errorId} className={styles.error} role="alert">
            {message}
          </p>
        </form>
      )}
    </section>
  );
}
