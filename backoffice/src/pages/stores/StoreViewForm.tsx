import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { graphql } from '../../__generated__';
import type { StoreViewRowFragment as Store } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { type Translate, useT } from '../../common/useT';
import { StoreViewChoices } from './StoreViewChoices';
import { s } from './storeMessages';

const SaveStoreView = graphql(`
  mutation SaveStoreView($input: StoreViewInput!) {
    saveStoreView(input: $input) {
      ...StoreViewRow
    }
  }
`);

/** The server's rule, checked first so a typo is shown without a round trip. */
const STORE_CODE = /^[a-z][a-z0-9_]{0,31}$/;

interface Draft {
  code: string;
  name: string;
  locale: string;
  defaultCurrency: string;
  allowed: string[];
  active: boolean;
  sortOrder: string;
}

function draftOf(store: Store | null, baseCurrency: string): Draft {
  return {
    code: store?.code ?? '',
    name: store?.name ?? '',
    locale: store?.locale ?? '',
    defaultCurrency: store?.defaultCurrency ?? baseCurrency,
    allowed: store ? [...store.allowedCurrencies] : [baseCurrency],
    active: store?.active ?? true,
    sortOrder: String(store?.sortOrder ?? 0),
  };
}

/** What the form can tell before asking the server: the same rules, said beside each field. */
function problemsOf(draft: Draft, t: Translate): FieldErrors {
  const code = draft.code.trim().toLowerCase();
  const required = t(fieldMessages.required);
  const sortOrder = draft.sortOrder.trim();
  return {
    code: !code ? required : STORE_CODE.test(code) ? undefined : t(s.codeInvalid),
    name: draft.name.trim() ? undefined : required,
    locale: draft.locale ? undefined : required,
    sortOrder: /^\d{1,4}$/.test(sortOrder) ? undefined : t(s.sortOrderInvalid),
  };
}

/** Adds a store view (`store` null) or edits one; owners only. */
export function StoreViewForm({
  store,
  locales,
  currencies,
  baseCurrency,
  onSaved,
  onCancel,
}: {
  store: Store | null;
  locales: readonly string[];
  currencies: readonly string[];
  baseCurrency: string;
  onSaved: (store: Store) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(store, baseCurrency));
  const toast = useToast();
  const { errors, formError, saving, save } = useFormSave(formRef, null);
  const set = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const title = store ? t(s.editing, { name: store.name }) : t(s.newView);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const code = draft.code.trim().toLowerCase();
    const name = draft.name.trim();
    const sortOrder = Number(draft.sortOrder.trim());
    void save(problemsOf(draft, t), async () => {
      const input = {
        id: store?.id ?? null,
        code,
        name,
        locale: draft.locale,
        defaultCurrency: draft.defaultCurrency,
        allowedCurrencies: currencies.filter((c) => draft.allowed.includes(c) || c === draft.defaultCurrency),
        active: store?.isDefault ? true : draft.active,
        sortOrder,
      };
      const saved = (await request(SaveStoreView, { input })).saveStoreView;
      toast.show(t(s.saved, { name: saved.name }), { tone: 'success' });
      onSaved(saved);
    });
  };
  return (
    <Section id="stores-edit" title={title}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="stores-edit">
        <div className="bo-form-row">
          <Field
            label={t(s.code)}
            name="code"
            required
            hint={t(s.codeHint)}
            value={draft.code}
            error={errors.code}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => set({ code: event.target.value })}
          />
          <Field
            label={t(s.name)}
            name="name"
            required
            value={draft.name}
            error={errors.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        </div>
        <div className="bo-form-row">
          <Select
            label={t(s.locale)}
            name="locale"
            required
            placeholder="—"
            options={locales.map((locale) => ({ value: locale, label: locale }))}
            value={draft.locale}
            error={errors.locale}
            onChange={(event) => set({ locale: event.target.value })}
          />
          <Select
            label={t(s.currency)}
            name="defaultCurrency"
            required
            options={currencies.map((c) => ({ value: c, label: c }))}
            value={draft.defaultCurrency}
            error={errors.defaultCurrency}
            onChange={(event) => set({ defaultCurrency: event.target.value })}
          />
          <Field
            label={t(s.sortOrder)}
            name="sortOrder"
            inputMode="numeric"
            value={draft.sortOrder}
            error={errors.sortOrder}
            onChange={(event) => set({ sortOrder: event.target.value })}
          />
        </div>
        <StoreViewChoices
          currencies={currencies}
          defaultCurrency={draft.defaultCurrency}
          allowed={draft.allowed}
          active={draft.active}
          isDefault={store?.isDefault === true}
          errors={errors}
          onChange={set}
        />
        <FormFooter error={formError} saving={saving} label={t(s.save)} />
        <Button variant="secondary" type="button" onClick={onCancel}>
          {t(s.cancel)}
        </Button>
      </form>
    </Section>
  );
}
