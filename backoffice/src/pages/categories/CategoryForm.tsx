import {
  type Category,
  type Draft,
  type FieldName,
  REQUIRED,
  draftOf,
  fieldOfMessage,
  parentChoices,
} from './categoryDraft';
import { type FormEvent, type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { CheckboxField, FormSubmit } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { ApiError, request } from '../../api/client';
import { useStaff } from '../../api/session';
import { type TreeCategory } from './categoryTree';
import { messageOf } from '../../common/errorText';

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
  const toast = useToast();
  const creating = category === null;
  const root = category !== null && category.level < 2;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.name.trim()) found.name = REQUIRED;
    if (!creating && !root && !draft.urlKey.trim()) found.urlKey = REQUIRED;
    if (creating && !draft.parentId) found.parentId = REQUIRED;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const texts = {
      name: draft.name.trim(),
      description: draft.description.trim() || null,
      metaTitle: draft.metaTitle.trim() || null,
      metaDescription: draft.metaDescription.trim() || null,
      includeInMenu: draft.includeInMenu,
    };
    setSaving(true);
    try {
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
      // The toast outlives the page: a new category's own page opens under it.
      toast.show(creating ? 'The category is created.' : 'The category is saved.', { tone: 'success' });
      if (!creating) setDraft(draftOf(saved));
      onSaved(saved);
    } catch (caught) {
      const message = messageOf(caught);
      const field = caught instanceof ApiError && caught.category === 'graphql-input' ? fieldOfMessage(message) : null;
      if (field) {
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
      } else setFormError(message);
    } finally {
      setSaving(false);
    }
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
      {readOnly && <p className="bo-notice">Your role can read categories but not change them.</p>}
      {category && <CategorySummary category={category} />}
      <section aria-labelledby={`${id}-general`} className="bo-card">
        <h2 id={`${id}-general`}>General</h2>
        {creating && (
          <Select
            label="Parent category"
            name="parentId"
            required
            value={draft.parentId}
            error={errors.parentId}
            options={parentChoices(tree, null)}
            disabled={readOnly}
            onChange={(event) => set('parentId', event.target.value)}
          />
        )}
        {text('name', 'Name')}
        {!root &&
          text(
            'urlKey',
            'URL key',
            creating
              ? 'Leave empty to make it from the name'
              : 'Lower-case letters, digits and hyphens; a new key moves the addresses of everything below it',
          )}
        <CheckboxField
          name="includeInMenu"
          checked={draft.includeInMenu}
          disabled={readOnly}
          onChange={(on) => set('includeInMenu', on)}
        >
          In the storefront's navigation
        </CheckboxField>
        {!root && (
          <CheckboxField
            name="active"
            checked={draft.active}
            disabled={readOnly}
            describedBy={errors.active ? `${id}-active-error` : undefined}
            onChange={(on) => set('active', on)}
          >
            Active: shoppers can see it and everything below it
          </CheckboxField>
        )}
        {errors.active && (
          <p id={`${id}-active-error`} className={fieldStyles.error}>
            {errors.active}
          </p>
        )}
      </section>
      <section aria-labelledby={`${id}-content`} className="bo-card">
        <h2 id={`${id}-content`}>Content</h2>
        <TextareaField
          id={`${id}-description`}
          label="Description (HTML)"
          name="description"
          rows={5}
          value={draft.description}
          readOnly={readOnly}
          error={errors.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </section>
      <section aria-labelledby={`${id}-seo`} className="bo-card">
        <h2 id={`${id}-seo`}>Search engines</h2>
        {text('metaTitle', 'Meta title', creating ? 'Leave empty to use the name' : undefined)}
        {text('metaDescription', 'Meta description')}
      </section>
      <FormSubmit error={formError} saving={saving} readOnly={readOnly} disabledWhileSaving>
        {creating ? 'Create category' : 'Save changes'}
      </FormSubmit>
    </form>
  );
}

/** Where the category is and what it holds, and its storefront page when shoppers can see it. */
function CategorySummary({ category }: { category: Category }) {
  return (
    <>
      <p className="bo-muted">
        {category.pathNames.join(' / ')} ·{' '}
        {category.productCount === 1 ? '1 product' : `${category.productCount} products`} of its own ·{' '}
        {category.childCount === 1 ? '1 subcategory' : `${category.childCount} subcategories`}
      </p>
      {category.storefrontPath && category.active && (
        <p>
          <a href={category.storefrontPath} target="_blank" rel="noreferrer">
            See it on the storefront
          </a>
        </p>
      )}
    </>
  );
}
