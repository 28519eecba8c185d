import { CheckboxField, FormSubmit } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { useCmsSave } from './useCmsSave';
import fieldStyles from '@vela/ui/Field.module.css';
import { type CmsBlock, type CmsPage, type Draft, type Kind, ROLE_NOTES, draftOf } from './cmsDraft';
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
  const noun = kind === 'page' ? 'page' : 'block';

  useCreatedToast(noun);

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
        {readOnly && <p className="bo-notice">Your role can read content but not change it.</p>}
        {role && <p className="bo-notice">{ROLE_NOTES[role]}</p>}
        {item && <CmsSummary item={item} page={page} />}
        <section aria-labelledby={`${id}-general`} className="bo-card">
          <h2 id={`${id}-general`}>General</h2>
          {text('title', 'Title')}
          {kind === 'page'
            ? text(
                'identifier',
                'URL key',
                'The page’s address: lower-case letters, digits and hyphens, with / between parts (about-us, help/returns). A new key leaves the old address redirecting here.',
              )
            : text(
                'identifier',
                'Identifier',
                'How the storefront asks for the block: lower-case letters, digits, hyphens and underscores.',
              )}
          <CheckboxField
            name="active"
            checked={draft.active}
            disabled={readOnly || role !== null}
            describedBy={errors.active ? `${id}-active-error` : undefined}
            onChange={(on) => set('active', on)}
          >
            Enabled: shoppers can see it
          </CheckboxField>
          {errors.active && (
            <p id={`${id}-active-error`} className={fieldStyles.error}>
              {errors.active}
            </p>
          )}
        </section>
        <section aria-labelledby={`${id}-body`} className="bo-card">
          <h2 id={`${id}-body`}>Content</h2>
          {kind === 'page' &&
            text('contentHeading', 'Content heading', 'Shown above the content; the title when empty')}
          <TextareaField
            id={contentId}
            label="HTML"
            hint="Scripts, frames, style and event attributes, and unsafe links are taken out when saved; the preview shows the result."
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
            <h2 id={`${id}-seo`}>Search engines</h2>
            {text('metaTitle', 'Meta title')}
            {text('metaDescription', 'Meta description')}
            {text('metaKeywords', 'Meta keywords')}
          </section>
        )}
        <FormSubmit error={formError} saving={saving} readOnly={readOnly} disabledWhileSaving>
          {creating ? `Create ${noun}` : 'Save changes'}
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
function useCreatedToast(noun: string) {
  const toast = useToast();
  const location = useLocation();
  useEffect(() => {
    if ((location.state as { created?: boolean } | null)?.created)
      toast.show(`The ${noun} is created.`, { tone: 'success' });
    // Once per page: the state stays with the history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Whether shoppers see it, and where. */
function CmsSummary({ item, page }: { item: CmsPage | CmsBlock; page: CmsPage | null }) {
  return (
    <p className="bo-muted">
      <ActiveBadge active={item.active} />{' '}
      {page?.storefrontPath && item.active && (
        <a href={page.storefrontPath} target="_blank" rel="noreferrer">
          See it on the storefront
        </a>
      )}
    </p>
  );
}
