import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { FieldFrame, describedBy } from '@vela/ui/FieldFrame';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { Select } from '@vela/ui/Select';
import type { CustomOptionAnswers, CustomOptionView, OptionPrice } from './customOptions';
import styles from './CustomOptionsForm.module.css';

interface CustomOptionsFormProps {
  options: readonly CustomOptionView[];
  answers: CustomOptionAnswers;
  onChange: (uid: string, answer: string | string[]) => void;
  /** The display currency, for fixed price deltas. */
  currency: string;
}

const DATE_INPUT: Record<string, string> = { date: 'date', date_time: 'datetime-local', time: 'time' };

/**
 * The product's custom options as native form controls above Add to cart: text, area, date,
 * drop-down, radio, checkbox and multiple select. Each label carries what the choice adds to the
 * price; a required option left empty says "This field is required" once the shopper leaves it.
 */
export function CustomOptionsForm({ options, answers, onChange, currency }: CustomOptionsFormProps) {
  const intl = useIntl();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (uid: string) => setTouched((t) => (t[uid] ? t : { ...t, [uid]: true }));

  const delta = (p: OptionPrice): string => {
    if (p.price === 0) return '';
    const amount = p.percent
      ? intl.formatNumber(p.price / 100, { style: 'percent', maximumFractionDigits: 2 })
      : intl.formatNumber(p.price, { style: 'currency', currency });
    return intl.formatMessage({ id: 'product.customOption.priceDelta', defaultMessage: '+{amount}' }, { amount });
  };
  const labelOf = (title: string, p: OptionPrice) => {
    const added = delta(p);
    return added ? `${title} (${added})` : title;
  };

  return (
    <div className={styles.form}>
      {options.map((option) => {
        const answer = answers[option.uid];
        const empty = Array.isArray(answer) ? answer.length === 0 : (answer ?? '').trim() === '';
        const error =
          option.required && empty && touched[option.uid] ? intl.formatMessage(fieldMessages.required) : undefined;
        const text = typeof answer === 'string' ? answer : '';
        const list = Array.isArray(answer) ? answer : [];
        switch (option.kind) {
          case 'field':
          case 'date':
          case 'date_time':
          case 'time':
            return (
              <Field
                key={option.uid}
                label={labelOf(option.title, option)}
                type={option.kind === 'field' ? 'text' : DATE_INPUT[option.kind]}
                required={option.required}
                value={text}
                maxLength={option.maxCharacters ?? undefined}
                hint={option.maxCharacters ? maxHint(intl, option.maxCharacters) : undefined}
                error={error}
                onChange={(e) => onChange(option.uid, e.target.value)}
                onBlur={() => touch(option.uid)}
              />
            );
          case 'area':
            return (
              <TextArea
                key={option.uid}
                label={labelOf(option.title, option)}
                required={option.required}
                value={text}
                maxLength={option.maxCharacters}
                hint={option.maxCharacters ? maxHint(intl, option.maxCharacters) : undefined}
                error={error}
                onChange={(value) => onChange(option.uid, value)}
                onBlur={() => touch(option.uid)}
              />
            );
          case 'drop_down':
            return (
              <Select
                key={option.uid}
                label={option.title}
                required={option.required}
                placeholder={intl.formatMessage({ id: 'product.customOption.choose', defaultMessage: 'Choose…' })}
                options={option.values.map((v) => ({ value: v.uid, label: labelOf(v.title, v) }))}
                value={text}
                error={error}
                onChange={(e) => onChange(option.uid, e.target.value)}
                onBlur={() => touch(option.uid)}
              />
            );
          case 'multiple':
            return (
              <MultipleSelect
                key={option.uid}
                label={option.title}
                required={option.required}
                options={option.values.map((v) => ({ value: v.uid, label: labelOf(v.title, v) }))}
                value={list}
                error={error}
                onChange={(values) => onChange(option.uid, values)}
                onBlur={() => touch(option.uid)}
              />
            );
          case 'radio':
          case 'checkbox': {
            const errorId = `${option.uid}-error`;
            return (
              <fieldset
                key={option.uid}
                className={styles.group}
                aria-describedby={error ? errorId : undefined}
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget)) touch(option.uid);
                }}
              >
                <legend className={styles.legend}>
                  {option.title}
                  {option.required && (
                    <>
                      <span className={styles.required} aria-hidden="true">
                        *
                      </span>
                      <span className="visually-hidden">
                        <FormattedMessage id="product.customOption.required" defaultMessage="(required)" />
                      </span>
                    </>
                  )}
                </legend>
                {option.values.map((v) => (
                  <label key={v.uid} className={styles.choice}>
                    <input
                      type={option.kind}
                      name={option.uid}
                      value={v.uid}
                      checked={option.kind === 'radio' ? text === v.uid : list.includes(v.uid)}
                      onChange={(e) =>
                        onChange(
                          option.uid,
                          option.kind === 'radio'
                            ? v.uid
                            : e.target.checked
                              ? [...list, v.uid]
                              : list.filter((uid) => uid !== v.uid),
                        )
                      }
                    />
                    {labelOf(v.title, v)}
                  </label>
                ))}
                {error && (
                  <p id={errorId} className={styles.error}>
                    {error}
                  </p>
                )}
              </fieldset>
            );
          }
        }
      })}
    </div>
  );
}

function maxHint(intl: ReturnType<typeof useIntl>, max: number): string {
  return intl.formatMessage(
    { id: 'product.customOption.maxCharacters', defaultMessage: 'Up to {max, number} characters' },
    { max },
  );
}

interface ControlProps {
  label: string;
  required: boolean;
  error: string | undefined;
  onBlur: () => void;
}

function TextArea({
  label,
  required,
  value,
  maxLength,
  hint,
  error,
  onChange,
  onBlur,
}: ControlProps & { value: string; maxLength: number | null; hint?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <FieldFrame
      controlId={id}
      label={label}
      required={required}
      hint={hint}
      error={error}
      hintId={`${id}-hint`}
      errorId={`${id}-error`}
    >
      <textarea
        id={id}
        className={styles.area}
        rows={3}
        required={required}
        value={value}
        maxLength={maxLength ?? undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, `${id}-hint`, `${id}-error`, undefined)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}

function MultipleSelect({
  label,
  required,
  options,
  value,
  error,
  onChange,
  onBlur,
}: ControlProps & {
  options: Array<{ value: string; label: string }>;
  value: string[];
  onChange: (values: string[]) => void;
}) {
  const id = useId();
  return (
    <FieldFrame
      controlId={id}
      label={label}
      required={required}
      error={error}
      hintId={`${id}-hint`}
      errorId={`${id}-error`}
    >
      <select
        id={id}
        multiple
        className={styles.multiple}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => o.value))}
        onBlur={onBlur}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
