import { type ChangeEvent, type ReactNode, type RefObject, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { ApiError } from '../api/client';
import { messageOf } from './errorText';
import { ErrorMessage } from './ui';

/** Each field's message by the field's name; `undefined` where the field is fine. */
export type FieldErrors = Record<string, string | undefined>;

/** What a save hook needs to know beyond the form: how to read the server's refusals. */
export interface SaveOptions {
  /**
   * The form field a server refusal is about, or null: by default the field the server names in
   * an input error. Forms whose server names fields in its words pass their own reading.
   */
  fieldOf?: (error: ApiError) => string | null;
  /**
   * Also say a refusal above the button when it is shown beside its field: for the short sections
   * of a long page, where the field may be out of sight. On by default.
   */
  repeatAbove?: boolean;
}

const namedField = (error: ApiError) => (error.category === 'graphql-input' ? error.field : null);

/**
 * A form's save: checks `found` first (and focuses the first wrong field), then runs `send`, shows
 * the server's refusal beside the field it is about (or above the button), and says so when it
 * worked (`done`; null when the page that opens next says so itself).
 */
export function useFormSave(
  formRef: RefObject<HTMLFormElement | null>,
  done: string | null,
  { fieldOf = namedField, repeatAbove = true }: SaveOptions = {},
) {
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (found: FieldErrors, send: () => Promise<void>) => {
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(formRef);
      return;
    }
    setSaving(true);
    try {
      await send();
      if (done) toast.show(done, { tone: 'success' });
    } catch (caught) {
      const field = caught instanceof ApiError ? fieldOf(caught) : null;
      if (field) {
        setErrors({ [field]: messageOf(caught) });
        if (repeatAbove) setFormError(messageOf(caught));
        focusFirstInvalid(formRef);
      } else setFormError(messageOf(caught));
    } finally {
      setSaving(false);
    }
  };
  return { errors, formError, saving, save };
}

/** The form's refusal, read out when it appears, above the submit button; nothing for read-only users. */
export function FormFooter({
  error,
  saving,
  readOnly = false,
  label,
  className = 'bo-settings-footer',
}: {
  error: string | null;
  saving: boolean;
  readOnly?: boolean;
  label: string;
  className?: string;
}) {
  if (readOnly) return null;
  return (
    <div className={className}>
      {error && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={saving}>
        {label}
      </Button>
    </div>
  );
}

/** A checkbox with its label beside it, the back office's one way to write one. */
export function CheckboxField({
  name,
  value,
  checked,
  disabled,
  onChange,
  children,
  describedBy,
  invalid,
}: {
  name?: string;
  value?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean, event: ChangeEvent<HTMLInputElement>) => void;
  children: ReactNode;
  describedBy?: string;
  invalid?: boolean;
}) {
  return (
    <label className="bo-check">
      <input
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.checked, event)}
      />
      {children}
    </label>
  );
}

/** A titled card for one part of a page; the heading names the section for screen readers. */
export function Section({
  id,
  title,
  className = 'bo-card bo-settings-section',
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The end of a page-long form: the refusal that names no field, then the submit button (none for
 * read-only users). `disabledWhileSaving` also takes the button out of the tab order meanwhile.
 */
export function FormSubmit({
  error,
  saving,
  readOnly = false,
  disabledWhileSaving = false,
  children,
}: {
  error: string | null;
  saving: boolean;
  readOnly?: boolean;
  disabledWhileSaving?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {!readOnly && (
        <p>
          <Button type="submit" busy={saving} disabled={disabledWhileSaving ? saving : undefined}>
            {children}
          </Button>
        </p>
      )}
    </>
  );
}
