import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import type { StoreSettingsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { looksLikeEmailAddress } from '../../common/emailAddress';
import { useT } from '../../common/useT';
import { m } from './settingsMessages';

const UpdateStoreSettings = graphql(`
  mutation UpdateStoreSettings($input: StoreSettingsInput!) {
    updateStoreSettings(input: $input) {
      ...StoreSettingsFields
    }
  }
`);

export function StoreForm({ store, readOnly }: { store: StoreSettingsFieldsFragment; readOnly: boolean }) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ name: store.name, contactEmail: store.contactEmail });
  const { errors, formError, saving, save } = useFormSave(formRef, t(m.storeSaved));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const name = draft.name.trim();
    const contactEmail = draft.contactEmail.trim();
    const required = t(fieldMessages.required);
    const found: FieldErrors = {
      name: name ? undefined : required,
      contactEmail: !contactEmail ? required : looksLikeEmailAddress(contactEmail) ? undefined : t(m.emailInvalid),
    };
    void save(found, async () => {
      const saved = (await request(UpdateStoreSettings, { input: { name, contactEmail } })).updateStoreSettings;
      setDraft({ name: saved.name, contactEmail: saved.contactEmail });
    });
  };
  return (
    <Section id="settings-store" title={t(m.store)}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-store">
        <div className="bo-form-row">
          <Field
            label={t(m.storeName)}
            name="name"
            required
            readOnly={readOnly}
            hint={t(m.storeNameHint)}
            value={draft.name}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <Field
            label={t(m.contactEmail)}
            name="contactEmail"
            type="email"
            required
            readOnly={readOnly}
            hint={t(m.contactEmailHint)}
            value={draft.contactEmail}
            error={errors.contactEmail}
            onChange={(event) => setDraft({ ...draft, contactEmail: event.target.value })}
          />
        </div>
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(m.saveStore)} />
      </form>
    </Section>
  );
}
