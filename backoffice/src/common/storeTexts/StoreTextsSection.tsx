import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useToast } from '@vela/ui/Toast';
import { ApiError } from '../../api/client';
import { useStaff } from '../../api/session';
import { messageOf } from '../errorText';
import { FormFooter, useFormSave } from '../form';
import { ErrorMessage, Loading } from '../ui';
import { useT } from '../useT';
import { StoreTextFields, type StoreTextDraft, type StoreTextSpec } from './StoreTextFields';
import { type StoreChoice, StoreViewSwitch } from './StoreViewSwitch';
import { st } from './storeTextMessages';

type Texts = Record<string, string | null | undefined>;

/** How a page reads and writes its entity's texts in one store view. */
export interface StoreTextsApi {
  load: (storeId: string) => Promise<{ defaults: Texts; own: Texts }>;
  /** Sends every text (null: use the default value) and answers the store's own texts as saved. */
  save: (storeId: string, texts: Record<string, string | null>) => Promise<Texts>;
}

const draftOf = (specs: readonly StoreTextSpec[], own: Texts): StoreTextDraft =>
  Object.fromEntries(specs.map((spec) => [spec.name, own[spec.name] ?? null]));

function StoreTextsForm({
  idPrefix,
  specs,
  api,
  store,
  readOnly,
}: {
  idPrefix: string;
  specs: readonly StoreTextSpec[];
  api: StoreTextsApi;
  store: StoreChoice;
  readOnly: boolean;
}) {
  const t = useT();
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [loaded, setLoaded] = useState<{ defaults: Texts; draft: StoreTextDraft } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { errors, formError, saving, save } = useFormSave(formRef, null);
  useEffect(() => {
    let current = true;
    setLoadError(null);
    api.load(store.id).then(
      (texts) => current && setLoaded({ defaults: texts.defaults, draft: draftOf(specs, texts.own) }),
      (error: unknown) => current && setLoadError(error instanceof ApiError ? error.message : messageOf(error)),
    );
    return () => {
      current = false;
    };
    // The api and specs are the page's, fixed for a store: reload when the store or attempt changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store.id, attempt]);
  if (loadError) return <ErrorMessage onRetry={() => setAttempt((n) => n + 1)}>{loadError}</ErrorMessage>;
  if (!loaded) return <Loading label={t(st.loading)} />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    void save({}, async () => {
      const texts = Object.fromEntries(
        specs.map((spec) => {
          const value = loaded.draft[spec.name] ?? null;
          return [spec.name, value?.trim() ? value : null];
        }),
      );
      const own = await api.save(store.id, texts);
      setLoaded({ ...loaded, draft: draftOf(specs, own) });
      toast.show(t(st.saved, { store: store.name }), { tone: 'success' });
    });
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t(st.save, { store: store.name })}>
      <StoreTextFields
        idPrefix={`${idPrefix}-${store.id}`}
        specs={specs}
        defaults={loaded.defaults}
        draft={loaded.draft}
        errors={errors}
        readOnly={readOnly}
        onChange={(name, value) => setLoaded({ ...loaded, draft: { ...loaded.draft, [name]: value } })}
      />
      <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(st.save, { store: store.name })} />
    </form>
  );
}

/** Magento's store-view switch on an edit page, with the chosen store view's texts below it. */
export function StoreTextsSection({
  idPrefix,
  specs,
  api,
}: {
  idPrefix: string;
  specs: readonly StoreTextSpec[];
  api: StoreTextsApi;
}) {
  const t = useT();
  const me = useStaff();
  const [store, setStore] = useState<StoreChoice | null>(null);
  return (
    <section aria-labelledby={`${idPrefix}-title`} className="bo-card">
      <h2 id={`${idPrefix}-title`}>{t(st.sectionTitle)}</h2>
      <StoreViewSwitch id={`${idPrefix}-view`} value={store} onChange={setStore} />
      {store === null ? (
        <p className="bo-muted">{t(st.defaultsNote)}</p>
      ) : (
        <StoreTextsForm
          key={store.id}
          idPrefix={idPrefix}
          specs={specs}
          api={api}
          store={store}
          readOnly={me.role === 'VIEWER'}
        />
      )}
    </section>
  );
}
