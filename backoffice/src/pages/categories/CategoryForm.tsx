import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { Select } from '@vela/ui/Select';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useStaff } from '../../api/session';
import { CheckboxField, FormSubmit, useFormSave } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { useT } from '../../common/useT';
import { type Category, type Draft, type FieldName, draftOf, fieldOfMessage, parentChoices } from './categoryDraft';
import { m } from './categoryMessages';
import { type TreeCategory } from './categoryTree';

const UpdateCategory = graphql(`
  mutation UpdateCategory($id: ID!, $input: AdminCategoryInput!) {
    updateCategory(id: $id, input: $input) {
      ...AdminCategoryFields
    }
  }
`);

const CreateCategory = graphql(`
  mutation CreateCategory($input: AdminNewCategoryInput!) {
    createCategory(input: $input) {
      ...AdminCategoryFields
    }
  }
`);

/** Creating or saving the category: the form's checks, then the server's, each shown beside its field. */
function useCategorySave({
  category,
  draft,
  setDraft,
  formRef,
  readOnly,
  onSaved,
}: {
  category: Category | null;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  formRef: RefObject<HTMLFormElement | null>;
  readOnly: boolean;
  onSaved: (category: Category) => void;
}) {
  const t = useT();
  const creating = category === null;
  const root = category !== null && category.level < 2;
  // The toast outlives the page: a new category's own page opens under it.
  const { errors, formError, saving, save } = useFormSave(formRef, t(creating ? m.created : m.saved), {
    fieldOf: (error) => (error.category === 'graphql-input' ? fieldOfMessage(error.message) : null),
    repeatAbove: false,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const required = t(fieldMessages.required);
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.name.trim()) found.name = required;
    if (!creating && !root && !draft.urlKey.trim()) found.urlKey = required;
    if (creating && !draft.parentId) found.parentId = required;
    const texts = {
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      metaTitle: draft.metaTitle.trim() || null,
      metaDescription: draft.metaDescription.trim() || null,
      includeInMenu: draft.includeInMenu,
    };
    await save(found, async () => {
      const saved = creating
        ? (
            await request(CreateCategory, {
              input: {
                ...texts,
                parentId: draft.parentId,
                urlKey: draft.urlKey.trim() || null,
                active: draft.active,
              },
            })
          ).createCategory
        : (
            await request(UpdateCategory, {
              id: category.id,
              input: {
                ...texts,
                ...(root ? {} : { urlKey: draft.urlKey.trim(), active: draft.active }),
              },
            })
          ).updateCategory;
      if (!creating) setDraft(draftOf(saved));
      onSaved(saved);
    });
  };

  return { errors, formError, saving, submit };
}

export function CategoryForm({
  category,
  parentId = '',
  tree,
  onSaved,
}: {
  category: Category | null;
  parentId?: string;
  tree: readonly TreeCategory[];
  onSaved: (category: Category) => void;
}) {
  const t = useT();
  const me = useStaff();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = category === null;
  const root = category !== null && category.level < 2;
  const [draft, setDraft] = useState<Draft>(() => draftOf(category, parentId));
  const { errors, formError, saving, submit } = useCategorySave({
    category,
    draft,
    setDraft,
    formRef,
    readOnly,
    onSaved,
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const text = (name: 'name' | 'urlKey' | 'metaTitle' | 'metaDescription', label: ReactNode, hint?: string) => (
    <Field
      label={label}
      name={name}
      value={draft[name]}
      error={errors[name]}
      hint={hint}
      required={name === 'name' || (name === 'urlKey' && !creating && !root)}
      readOnly={readOnly}
      onChange={(event) => set(name, event.target.value)}
    />
  );

  return (
    <form ref={formRef} className="bo-product-form" onSubmit={(e) => void submit(e)} noValidate>
      {readOnly && <p className="bo-notice">{t(m.readOnly)}</p>}
      {category && <CategorySummary category={category} />}
      <section aria-labelledby={`${id}-general`} className="bo-card">
        <h2 id={`${id}-general`}>{t(m.general)}</h2>
        {creating && (
          <Select
            label={t(m.parent)}
            name="parentId"
            required
            value={draft.parentId}
            error={errors.parentId}
            options={parentChoices(tree, null)}
            disabled={readOnly}
            onChange={(event) => set('parentId', event.target.value)}
          />
        )}
        {text('name', t(m.name))}
        {!root && text('urlKey', t(m.urlKey), creating ? t(m.urlKeyNewHint) : t(m.urlKeyHint))}
        <CheckboxField
          name="includeInMenu"
          checked={draft.includeInMenu}
          disabled={readOnly}
          onChange={(on) => set('includeInMenu', on)}
        >
          {t(m.inMenu)}
        </CheckboxField>
        {!root && (
          <CheckboxField
            name="active"
            checked={draft.active}
            disabled={readOnly}
            describedBy={errors.active ? `${id}-active-error` : undefined}
            onChange={(on) => set('active', on)}
          >
            {t(m.active)}
          </CheckboxField>
        )}
        {errors.active && (
          <p id={`${id}-active-error`} className={fieldStyles.error}>
            {errors.active}
          </p>
        )}
      </section>
      <section aria-labelledby={`${id}-content`} className="bo-card">
        <h2 id={`${id}-content`}>{t(m.content)}</h2>
        <TextareaField
          id={`${id}-description`}
          label={t(m.description)}
          name="description"
          rows={5}
          value={draft.description}
          readOnly={readOnly}
          error={errors.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </section>
      <section aria-labelledby={`${id}-seo`} className="bo-card">
        <h2 id={`${id}-seo`}>{t(m.seo)}</h2>
        {text('metaTitle', t(m.metaTitle), creating ? t(m.metaTitleHint) : undefined)}
        {text('metaDescription', t(m.metaDescription))}
      </section>
      <FormSubmit error={formError} saving={saving} readOnly={readOnly} disabledWhileSaving>
        {t(creating ? m.create : m.save)}
      </FormSubmit>
    </form>
  );
}

/** Where the category is and what it holds, and its storefront page when shoppers can see it. */
function CategorySummary({ category }: { category: Category }) {
  const t = useT();
  return (
    <>
      <p className="bo-muted">
        {t(m.summary, {
          path: category.pathNames.join(' / '),
          products: category.productCount,
          children: category.childCount,
        })}
      </p>
      {category.storefrontPath && category.active && (
        <p>
          <a href={category.storefrontPath} target="_blank" rel="noreferrer">
            {t(m.onStorefront)}
          </a>
        </p>
      )}
    </>
  );
}
