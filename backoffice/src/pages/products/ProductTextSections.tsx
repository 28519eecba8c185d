import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '@vela/ui/Field';
import { CheckboxField } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import type { FieldName, ProductSectionProps } from './productDraft';
import { productMessages as m } from './productMessages';

type TextName = Exclude<FieldName, 'attributes' | 'categoryIds'>;

function TextField({
  name,
  label,
  hint,
  required,
  draft,
  errors,
  readOnly,
  set,
}: ProductSectionProps & { name: TextName; label: ReactNode; hint?: string; required?: boolean }) {
  return (
    <Field
      label={label}
      name={name}
      value={draft[name]}
      error={errors[name]}
      hint={hint}
      required={required}
      readOnly={readOnly}
      onChange={(event) => set(name, event.target.value)}
    />
  );
}

/** SKU (on creation), name, URL key and whether shoppers see it. */
export function ProductGeneralSection(props: ProductSectionProps & { creating: boolean }) {
  const intl = useIntl();
  const { id, creating, draft, readOnly, set } = props;
  return (
    <section aria-labelledby={`${id}-general`} className="bo-card">
      <h2 id={`${id}-general`}>{intl.formatMessage(m.general)}</h2>
      {creating ? <TextField {...props} name="sku" label={intl.formatMessage(m.sku)} required /> : null}
      <TextField {...props} name="name" label={intl.formatMessage(m.name)} required />
      <TextField
        {...props}
        name="urlKey"
        label={intl.formatMessage(m.urlKey)}
        hint={intl.formatMessage(creating ? m.urlKeyNewHint : m.urlKeyHint)}
        required={!creating}
      />
      <CheckboxField name="enabled" checked={draft.enabled} disabled={readOnly} onChange={(on) => set('enabled', on)}>
        {intl.formatMessage(m.enabled)}
      </CheckboxField>
    </section>
  );
}

/** The short and the long description, as HTML. */
export function ProductContentSection({ id, draft, errors, readOnly, set }: ProductSectionProps) {
  const intl = useIntl();
  const area = (name: 'description' | 'shortDescription', label: string) => (
    <TextareaField
      id={`${id}-${name}`}
      label={label}
      name={name}
      rows={name === 'description' ? 6 : 3}
      value={draft[name]}
      readOnly={readOnly}
      error={errors[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );
  return (
    <section aria-labelledby={`${id}-content`} className="bo-card">
      <h2 id={`${id}-content`}>{intl.formatMessage(m.content)}</h2>
      {area('shortDescription', intl.formatMessage(m.shortDescription))}
      {area('description', intl.formatMessage(m.description))}
    </section>
  );
}

/** What search engines show: the meta title and description. */
export function ProductSeoSection(props: ProductSectionProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby={`${props.id}-seo`} className="bo-card">
      <h2 id={`${props.id}-seo`}>{intl.formatMessage(m.seo)}</h2>
      <TextField {...props} name="metaTitle" label={intl.formatMessage(m.metaTitle)} />
      <TextField {...props} name="metaDescription" label={intl.formatMessage(m.metaDescription)} />
    </section>
  );
}
