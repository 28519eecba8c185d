import { Check, Circle } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Icon } from '@vela/ui/Icon';
import { checkPassword, type PasswordRules } from './passwordRules';
import styles from './AccountForms.module.css';

/** The password rule as a checklist that ticks off while the shopper types. */
export function PasswordHints({ id, password, rules }: { id: string; password: string; rules: PasswordRules }) {
  const intl = useIntl();
  const check = checkPassword(password, rules);
  const items = [
    {
      met: check.longEnough,
      text: intl.formatMessage(
        { id: 'account.password.ruleLength', defaultMessage: 'At least {count} characters' },
        { count: rules.minLength },
      ),
    },
    {
      met: check.enoughClasses,
      text: intl.formatMessage(
        {
          id: 'account.password.ruleClasses',
          defaultMessage:
            'Characters of {count} kinds out of: lower-case letters, upper-case letters, digits, special characters ({have} so far)',
        },
        { count: rules.requiredClasses, have: check.classes.size },
      ),
    },
  ];
  return (
    <ul id={id} className={styles.hints}>
      {items.map((item) => (
        <li key={item.text} className={item.met ? styles.met : undefined}>
          <Icon icon={item.met ? Check : Circle} size={16} />
          <span>
            {item.text}
            <span className="visually-hidden">
              {item.met
                ? intl.formatMessage({ id: 'account.password.ruleMet', defaultMessage: '(met)' })
                : intl.formatMessage({ id: 'account.password.ruleNotMet', defaultMessage: '(not met yet)' })}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
