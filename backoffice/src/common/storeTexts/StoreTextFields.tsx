import { Field } from '@vela/ui/Field';
import type { FieldErrors } from '../form';
import { CheckboxField } from '../form';
import { TextareaField } from '../TextareaField';
import { useT } from '../useT';
import { st } from './storeTextMessages';

/** One text a store view may have of its own. */
export interface StoreTextSpec {
  name: string;
  label: string;
  multiline?: boolean;
}

/** A store view's draft: its own text, or null where it uses the default value. */
export type StoreTextDraft = Record<string, string | null>;

/**
 * Magento's store-view scope for each text: "Use default value" ticked shows the default, read
 * only; unticked, the text is the store view's own (starting from the default to edit it).
 */
export function StoreTextFields({
  idPrefix,
  specs,
  defaults,
  draft,
  errors,
  readOnly,
  onChange,
}: {
  idPrefix: string;
  specs: readonly StoreTextSpec[];
  defaults: Readonly<Record<string, string | null | undefined>>;
  draft: StoreTextDraft;
  errors: FieldErrors;
  readOnly: boolean;
  onChange: (name: string, value: string | null) => void;
}) {
  const t = useT();
  return (
    <>
      {specs.map((spec) => {
        const own = draft[spec.name] ?? null;
        const inherits = own === null;
        const value = inherits ? (defaults[spec.name] ?? '') : own;
        const id = `${idPrefix}-${spec.name}`;
        const common = {
          id,
          label: spec.label,
          name: spec.name,
          value,
          readOnly: readOnly || inherits,
          error: errors[spec.name],
        };
        return (
          <div key={spec.name} className="bo-store-text">
            {spec.multiline ? (
              <TextareaField
                {...common}
                rows={spec.name === 'description' || spec.name === 'content' ? 6 : 3}
                onChange={(event) => onChange(spec.name, event.target.value)}
              />
            ) : (
              <Field {...common} onChange={(event) => onChange(spec.name, event.target.value)} />
            )}
            <CheckboxField
              name={`${spec.name}-useDefault`}
              checked={inherits}
              disabled={readOnly}
              onChange={(checked) => onChange(spec.name, checked ? null : (defaults[spec.name] ?? ''))}
            >
              <span aria-hidden="true">{t(st.useDefault)}</span>
              <span className="visually-hidden">{t(st.useDefaultFor, { field: spec.label })}</span>
            </CheckboxField>
          </div>
        );
      })}
    </>
  );
}
