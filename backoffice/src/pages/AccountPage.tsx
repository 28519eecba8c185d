import { type FormEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import { request } from '../api/client';
import { useStaff } from '../api/session';
import { roleLabel } from '../common/format';
import { PageHeading } from '../common/PageHeading';
import { useLocale } from '../i18n/LocaleProvider';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../i18n/locale';
import { messageOf } from '../common/errorText';
import { Enabled, Setup } from './account/Authenticator';

// The signed-in person's own account: who they are, their password (changed with the current
// one), and their authenticator app. Staff and viewers may add one (then signing in asks for its
// code) and remove it with their password; owners must keep theirs.

const ChangePassword = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      ...StaffFields
    }
  }
`);

export function AccountPage() {
  const intl = useIntl();
  const me = useStaff();
  const id = useId();
  const title = intl.formatMessage({ id: 'backoffice.account.title', defaultMessage: 'Your account' });
  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <section aria-labelledby={`${id}-who`} className="bo-card">
        <h2 id={`${id}-who`}>
          <FormattedMessage id="backoffice.account.who" defaultMessage="Who you are" />
        </h2>
        <dl className="bo-totals">
          <dt>
            <FormattedMessage id="backoffice.account.name" defaultMessage="Name" />
          </dt>
          <dd>{me.name}</dd>
          <dt>
            <FormattedMessage id="backoffice.account.email" defaultMessage="E-mail address" />
          </dt>
          <dd>{me.email}</dd>
          <dt>
            <FormattedMessage id="backoffice.account.role" defaultMessage="Role" />
          </dt>
          <dd>{roleLabel(intl, me.role)}</dd>
        </dl>
      </section>
      <section aria-labelledby={`${id}-password`} className="bo-card">
        <h2 id={`${id}-password`}>
          <FormattedMessage id="backoffice.account.password" defaultMessage="Password" />
        </h2>
        <PasswordChange />
      </section>
      <section aria-labelledby={`${id}-authenticator`} className="bo-card">
        <h2 id={`${id}-authenticator`}>
          <FormattedMessage id="backoffice.account.authenticator" defaultMessage="Authenticator app" />
        </h2>
        {me.secondFactorEnabled ? <Enabled /> : <Setup />}
      </section>
      <section aria-labelledby={`${id}-language`} className="bo-card">
        <h2 id={`${id}-language`}>
          <FormattedMessage id="backoffice.account.language" defaultMessage="Language" />
        </h2>
        <LanguageChoice />
      </section>
    </>
  );
}

/** The back office's language in this browser; the browser's own language until one is chosen. */
function LanguageChoice() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  return (
    <Select
      label={intl.formatMessage({
        id: 'backoffice.account.languageLabel',
        defaultMessage: 'Language of the back office',
      })}
      name="language"
      options={SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] ?? value }))}
      value={locale}
      onChange={(event) => void setLocale(event.target.value)}
    />
  );
}

function PasswordChange() {
  const intl = useIntl();
  const toast = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);

  const change = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (current === '' || next === '') {
      setErrors({
        current:
          current === ''
            ? intl.formatMessage({ id: 'ui.field.required', defaultMessage: 'This field is required' })
            : undefined,
        next:
          next === ''
            ? intl.formatMessage({ id: 'ui.field.required', defaultMessage: 'This field is required' })
            : undefined,
      });
      (current === '' ? currentRef : nextRef).current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await request(ChangePassword, { currentPassword: current, newPassword: next });
      toast.show(
        intl.formatMessage({
          id: 'backoffice.account.passwordChanged',
          defaultMessage: 'Your password is changed. Other browsers signed in to your account are signed out.',
        }),
        {
          tone: 'success',
        },
      );
      setCurrent('');
      setNext('');
    } catch (caught) {
      const message = messageOf(caught);
      // The server says which one is wrong: the current password, or the rules for the new one.
      if (/current password|locked/i.test(message)) {
        setErrors({ current: message });
        setCurrent('');
        currentRef.current?.focus();
      } else {
        setErrors({ next: message });
        nextRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="bo-subform" onSubmit={(e) => void change(e)} noValidate>
      <Field
        ref={currentRef}
        label={intl.formatMessage({ id: 'backoffice.account.currentPassword', defaultMessage: 'Current password' })}
        name="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        error={errors.current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <Field
        ref={nextRef}
        label={intl.formatMessage({ id: 'backoffice.account.newPassword', defaultMessage: 'New password' })}
        hint={intl.formatMessage({
          id: 'backoffice.account.newPasswordHint',
          defaultMessage:
            'At least 12 characters, not a common or leaked password: a phrase of unrelated words works well.',
        })}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        value={next}
        error={errors.next}
        onChange={(event) => setNext(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        <FormattedMessage id="backoffice.account.changePassword" defaultMessage="Change the password" />
      </Button>
    </form>
  );
}
