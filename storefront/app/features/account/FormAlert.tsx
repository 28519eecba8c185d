import styles from './AccountForms.module.css';

/** A form's own problem (not one field's), announced as soon as it appears. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p role="alert" className={styles.alert}>
      {message}
    </p>
  ) : null;
}
