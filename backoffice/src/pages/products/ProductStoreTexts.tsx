import { type FormEvent, useRef, useState } from 'react';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { useQuery } from '../../api/useQuery';
import { FormFooter, useFormSave } from '../../common/form';
import { StoreTextFields, type StoreTextDraft, type StoreTextSpec } from '../../common/storeTexts/StoreTextFields';
import { type StoreChoice, StoreViewSwitch } from '../../common/storeTexts/StoreViewSwitch';
import { st } from '../../common/storeTexts/storeTextMessages';
import { ErrorMessage, Loading } from '../../common/ui';
import { type Translate, useT } from '../../common/useT';

graphql(`
  fragment ProductTextsFields on ProductTexts {
    name
    urlKey
    description
    shortDescription
    metaTitle
    metaDescription
  }
`);

const ProductStoreTextsQuery = graphql(`
  query ProductStoreTexts($sku: String!, $storeId: ID!) {
    productStoreTexts(sku: $sku, storeId: $storeId) {
      defaults {
        ...ProductTextsFields
      }
      own {
        ...ProductTextsFields
      }
    }
  }
`);

const SaveProductStoreTexts = graphql(`
  mutation SaveProductStoreTexts($sku: String!, $storeId: ID!, $texts: ProductTextsInput!) {
    saveProductStoreTexts(sku: $sku, storeId: $storeId, texts: $texts) {
      own {
        ...ProductTextsFields
      }
    }
  }
`);

const NAMES = ['name', 'urlKey', 'shortDescription', 'description', 'metaTitle', 'metaDescription'] as const;
type TextName = (typeof NAMES)[number];

function specs(t: Translate): StoreTextSpec[] {
  return NAMES.map((name) => ({
    name,
    label: t(st[name]),
    multiline: name === 'description' || name === 'shortDescription',
  }));
}

const draftOf = (own: Record<TextName, string | null | undefined>): StoreTextDraft =>
  Object.fromEntries(NAMES.map((name) => [name, own[name] ?? null]));

/** A product's texts in one store view: loaded when the switch names one, saved on their own. */
function StoreTextsForm({ sku, store, readOnly }: { sku: string; store: StoreChoice; readOnly: boolean }) {
  const t = useT();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const { data, error, loading, refetch } = useQuery(ProductStoreTextsQuery, { sku, storeId: store.id });
  const [draft, setDraft] = useState<StoreTextDraft | null>(null);
  const { errors, formError, saving, save } = useFormSave(formRef, null);
  if (error) return <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>;
  if (!data) return loading ? <Loading label={t(st.loading)} /> : null;
  const texts = data.productStoreTexts;
  const current = draft ?? draftOf(texts.own);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    void save({}, async () => {
      const input = Object.fromEntries(NAMES.map((name) => [name, current[name]?.trim() ? current[name] : null]));
      const saved = (await request(SaveProductStoreTexts, { sku, storeId: store.id, texts: input }))
        .saveProductStoreTexts;
      setDraft(draftOf(saved.own));
      toast.show(t(st.saved, { store: store.name }), { tone: 'success' });
    });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t(st.save, { store: store.name })}>
      <StoreTextFields
        idPrefix={`product-store-${store.id}`}
        specs={specs(t)}
        defaults={texts.defaults}
        draft={current}
        errors={errors}
        readOnly={readOnly}
        onChange={(name, value) => setDraft({ ...current, [name]: value })}
      />
      <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(st.save, { store: store.name })} />
    </form>
  );
}

/** The product page's store-view switch, as Magento's admin has it, with the chosen store's texts. */
export function ProductStoreTexts({ sku }: { sku: string }) {
  const t = useT();
  const me = useStaff();
  const [store, setStore] = useState<StoreChoice | null>(null);
  return (
    <section aria-labelledby="product-store-texts" className="bo-card">
      <h2 id="product-store-texts">{t(st.title)}</h2>
      <StoreViewSwitch id="product-store-view" value={store} onChange={setStore} />
      {store === null ? (
        <p className="bo-muted">{t(st.defaultsNote)}</p>
      ) : (
        <StoreTextsForm key={store.id} sku={sku} store={store} readOnly={me.role === 'VIEWER'} />
      )}
    </section>
  );
}
