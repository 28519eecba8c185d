import { CheckboxField, FormSubmit } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { useCmsSave } from './useCmsSave';
import fieldStyles from '@vela/ui/Field.module.css';
import { type CmsBlock, type CmsPage, type Draft, type Kind, draftOf } from './cmsDraft';
import { ROLE_NOTES, m } from './cmsMessages';
import { useT } from '../../common/useT';
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Field } from '@vela/ui/Field';
import { useToast } from '@vela/ui/Toast';
import { useStaff } from '../../api/session';
import { CmsPreview } from '../CmsPreview';
import { ActiveBadge } from '../ContentPage';

export function CmsForm({
  kind,
  item,
  onSaved,
}: {
  kind: Kind;
  item: CmsPage | CmsBlock | null;
  onSaved: (item: CmsPage | CmsBlock) => void;
}) {
  const t = useT();
  const me = useStaff();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = item === null;
  const page = kind === 'page' && item ? (item as CmsPage) : null;
  const role = page?.role ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  // The preview follows the typing without holding it up.
  const previewHtml = useDeferredValue(draft.content);
  useCreatedToast(kind);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const { errors, formError, saving, submit } = useCmsSave({ kind, item, draft, setDraft, formRef, readOnly, onSaved });

  const text = (
    name: 'identifier' | 'title' | 'contentHeading' | 'metaTitle' | 'metaDescription' | 'metaKeywords',
    label: string,
    hint?: string,
  ) => (
    <Field
      label={label}
      name={name}
      value={draft[name]}
      error={errors[name]}
      hint={hint}
      required={name === 'title' || name === 'identifier'}
      readOnly={readOnly || (name === 'identifier' && role !== null)}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  const contentId = `${id}-content`;
  return (
    <div className="bo-content-editor">
      <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
        {readOnly && <p className="bo-notice">{t(m.readOnly)}</p>}
        {role && <p className="bo-notice">{t(ROLE_NOTES[role])}</p>}
        {item && <CmsSummary item={item} page={page} />}
        <section aria-labelledby={`${id}-general`} className="bo-card">
          <h2 id={`${id}-general`}>{t(m.general)}</h2>
          {text('title', t(m.title))}
          {kind === 'page'
            ? text('identifier', t(m.urlKey), t(m.urlKeyHint))
            : text('identifier', t(m.identifier), t(m.identifierHint))}
          <CheckboxField
            name="active"
            checked={draft.active}
            disabled={readOnly || role !== null}
            describedBy={errors.active ? `${id}-active-error` : undefined}
            onChange={(on) => set('active', on)}
          >
            {t(m.enabled)}
          </CheckboxField>
          {errors.active && (
            <p id={`${id}-active-error`} className={fieldStyles.error}>
              {errors.active}
            </p>
          )}
        </section>
        <section aria-labelledby={`${id}-body`} className="bo-card">
          <h2 id={`${id}-body`}>{t(m.content)}</h2>
          {kind === 'page' && text('contentHeading', t(m.contentHeading), t(m.contentHeadingHint))}
          <TextareaField
            id={contentId}
            label={t(m.html)}
            hint={t(m.htmlHint)}
            error={errors.content}
            name="content"
            controlClassName="bo-content-html"
            rows={14}
            spellCheck={false}
            value={draft.content}
            readOnly={readOnly}
            onChange={(event) => set('content', event.target.value)}
          />
        </section>
        {kind === 'page' && (
          <section aria-labelledby={`${id}-seo`} className="bo-card">
            <h2 id={`${id}-seo`}>{t(m.seo)}</h2>
            {text('metaTitle', t(m.metaTitle))}
            {text('metaDescription', t(m.metaDescription))}
            {text('metaKeywords', t(m.metaKeywords))}
          </section>
        )}
        <FormSubmit error={formError} saving={saving} readOnly={readOnly} disabledWhileSaving>
          {creating ? t(m.create, { kind }) : t(m.save)}
        </FormSubmit>
      </form>
      <CmsPreview
        html={previewHtml}
        heading={kind === 'page' ? draft.contentHeading.trim() || draft.title.trim() || null : null}
      />
    </div>
  );
}

/** A new page or block opens here with `created` in its history state: say so once. */
function useCreatedToast(kind: Kind) {
  const t = useT();
  const toast = useToast();
  const location = useLocation();
  useEffect(() => {
    if ((location.state as { created?: boolean } | null)?.created)
      toast.show(t(m.created, { kind }), { tone: 'success' });
    // Once per page: the state stays with the history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Whether shoppers see it, and where. */
function CmsSummary({ item, page }: { item: CmsPage | CmsBlock; page: CmsPage | null }) {
  const t = useT();
  return (
    <p className="bo-muted">
      <ActiveBadge active={item.active} />{' '}
      {page?.storefrontPath && item.active && (
        <a href={page.storefrontPath} target="_blank" rel="noreferrer">
          {t(m.onStorefront)}
        </a>
      )}
    </p>
  );
}
