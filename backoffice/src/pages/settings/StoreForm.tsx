import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import type { StoreSettingsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { FormFooter, REQUIRED, Section, type FieldErrors, useFormSave } from '../../common/form';
import { looksLikeEmailAddress } from '../../common/emailAddress';

const UpdateStoreSettings = graphql(`
  mutation UpdateStoreSettings($input: StoreSettingsInput!) {
    updateStoreSettings(input: $input) {
      ...StoreSettingsFields
    }
  }
`);

export function StoreForm({ store, readOnly }: { store: StoreSettingsFieldsFragment; readOnly: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ name: store.name, contactEmail: store.contactEmail });
  const { errors, formError, saving, save } = useFormSave(formRef, 'The store settings are saved.');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const name = draft.name.trim();
    const contactEmail = draft.contactEmail.trim();
    const found: FieldErrors = {
      name: name ? undefined : REQUIRED,
      contactEmail: !contactEmail
        ? REQUIRED
        : looksLikeEmailAddress(contactEmail)
          ? undefined
          : 'Enter an e-mail address such as name@example.com.',
    };
    void save(found, async () => {
      const saved = (await request(UpdateStoreSettings, { input: { name, contactEmail } })).updateStoreSettings;
      setDraft({ name: saved.name, contactEmail: saved.contactEmail });
    });
  };
  return (
    <Section id="settings-store" title="Store">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-store">
        <div className="bo-form-row">
          <Field
            label="Store name"
            name="name"
            required
            readOnly={readOnly}
            hint="Shown on the storefront and in the shop's e-mails."
            value={draft.name}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <Field
            label="Contact e-mail"
            name="contactEmail"
            type="email"
            required
            readOnly={readOnly}
            hint="Messages from the contact form go here."
            value={draft.contactEmail}
            error={errors.contactEmail}
            onChange={(event) => setDraft({ ...draft, contactEmail: event.target.value })}
          />
        </div>
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label="Save store settings" />
      </form>
    </Section>
  );
}
