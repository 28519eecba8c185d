import { ArrowLeft } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { Select } from '@vela/ui/Select';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminCategoryFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CategoryTreeQuery, type TreeCategory } from './CategoriesPage';
import { messageOf } from '../common/errorText';

graphql(`
  fragment AdminCategoryFields on AdminCategory {
    id
    parentId
    level
    position
    name
    urlKey
    urlPath
    storefrontPath
    description
    metaTitle
    metaDescription
    includeInMenu
    active
    productCount
    childCount
    pathNames
  }
`);

const CategoryQuery = graphql(`
  query AdminCategory($id: ID!) {
    category(id: $id) {
      ...AdminCategoryFields
    }
    categoryTree {
      id
      parentId
      level
      position
      name
      urlPath
      includeInMenu
      active
      productCount
      childCount
    }
  }
`);

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

const MoveCategory = graphql(`
  mutation MoveCategory($id: ID!, $parentId: ID!) {
    moveCategory(id: $id, parentId: $parentId) {
      ...AdminCategoryFields
    }
  }
`);

const DeleteCategory = graphql(`
  mutation DeleteCategory($id: ID!) {
    deleteCategory(id: $id)
  }
`);

type Category = AdminCategoryFieldsFragment;
type FieldName = 'parentId' | 'name' | 'urlKey' | 'description' | 'metaTitle' | 'metaDescription' | 'active';

interface Draft {
  parentId: string;
  name: string;
  urlKey: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  includeInMenu: boolean;
  active: boolean;
}

const REQUIRED = 'This field is required';

function draftOf(category: Category | null, parentId = ''): Draft {
  return {
    parentId: category?.parentId ?? parentId,
    name: category?.name ?? '',
    urlKey: category?.urlKey ?? '',
    description: category?.description ?? '',
    metaTitle: category?.metaTitle ?? '',
    metaDescription: category?.metaDescription ?? '',
    includeInMenu: category?.includeInMenu ?? true,
    active: category?.active ?? true,
  };
}

/** The server's refusals start with the field they are about; the form shows each next to it. */
function fieldOfMessage(message: string): FieldName | null {
  if (/URL key/i.test(message)) return 'urlKey';
  if (/^"?Name/.test(message)) return 'name';
  if (/^"?Meta title/.test(message)) return 'metaTitle';
  if (/^"?Meta description/.test(message)) return 'metaDescription';
  if (/^"?Description/.test(message)) return 'description';
  if (/root category: the whole catalog/.test(message)) return 'active';
  if (/put it under|catalog's root/.test(message)) return 'parentId';
  return null;
}

/** "Women / Tops", indented by depth: the choices of a parent select, in tree order. */
function parentChoices(tree: readonly TreeCategory[], excluded: string | null) {
  const byId = new Map(tree.map((c) => [c.id, c]));
  const within = (category: TreeCategory): boolean => {
    for (
      let node: TreeCategory | undefined = category;
      node;
      node = node.parentId ? byId.get(node.parentId) : undefined
    )
      if (node.id === excluded) return true;
    return false;
  };
  const label = (category: TreeCategory) => {
    const names: string[] = [];
    for (
      let node: TreeCategory | undefined = category;
      node;
      node = node.parentId ? byId.get(node.parentId) : undefined
    )
      names.unshift(node.name);
    return names.join(' / ');
  };
  return tree.filter((c) => !within(c)).map((c) => ({ value: c.id, label: label(c) }));
}

function BackLink() {
  return (
    <p className="bo-back">
      <Link to="/categories">
        <Icon icon={ArrowLeft} size={18} />
        All categories
      </Link>
    </p>
  );
}

export function CategoryPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CategoryQuery, { id });
  const category = data?.category;
  const title = category?.name ?? 'Category';
  return (
    <>
      <BackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the category…" />}
      {data && !category && <EmptyState>There is no such category. Find it in the tree.</EmptyState>}
      {data && category && (
        <>
          <CategoryForm
            key={category.id}
            category={category}
            tree={data.categoryTree}
            onSaved={(next) => setData({ ...data, category: next })}
          />
          {category.level >= 2 && <MoveSection category={category} tree={data.categoryTree} onMoved={refetch} />}
          {category.level >= 2 && <DeleteSection category={category} />}
        </>
      )}
    </>
  );
}

/** /categories/new?parent=ID: the form, empty, under that parent (the store's root without one). */
export function NewCategoryPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data, error, loading, refetch } = useQuery(CategoryTreeQuery);
  const asked = params.get('parent');
  const fallback = data?.categoryTree.find((c) => c.parentId === null)?.id ?? '';
  const parentId = asked && data?.categoryTree.some((c) => c.id === asked) ? asked : fallback;
  return (
    <>
      <BackLink />
      <PageHeading title="New category">New category</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the categories…" />}
      {data && (
        <CategoryForm
          key={parentId}
          category={null}
          parentId={parentId}
          tree={data.categoryTree}
          onSaved={(next) => void navigate(`/categories/${next.id}`)}
        />
      )}
    </>
  );
}

function CategoryForm({
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
  const toast = useToast();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = category === null;
  const root = category !== null && category.level < 2;
  const [draft, setDraft] = useState<Draft>(() => draftOf(category, parentId));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

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
      {category && (
        <p className="bo-muted">
          {category.pathNames.join(' / ')} ·{' '}
          {category.productCount === 1 ? '1 product' : `${category.productCount} products`} of its own ·{' '}
          {category.childCount === 1 ? '1 subcategory' : `${category.childCount} subcategories`}
        </p>
      )}
      {category?.storefrontPath && category.active && (
        <p>
          <a href={category.storefrontPath} target="_blank" rel="noreferrer">
            See it on the storefront
          </a>
        </p>
      )}

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
        <label className="bo-check">
          <input
            type="checkbox"
            name="includeInMenu"
            checked={draft.includeInMenu}
            disabled={readOnly}
            onChange={(event) => set('includeInMenu', event.target.checked)}
          />
          In the storefront's navigation
        </label>
        {!root && (
          <label className="bo-check">
            <input
              type="checkbox"
              name="active"
              checked={draft.active}
              disabled={readOnly}
              aria-describedby={errors.active ? `${id}-active-error` : undefined}
              onChange={(event) => set('active', event.target.checked)}
            />
            Active: shoppers can see it and everything below it
          </label>
        )}
        {errors.active && (
          <p id={`${id}-active-error`} className={fieldStyles.error}>
            {errors.active}
          </p>
        )}
      </section>

      <section aria-labelledby={`${id}-content`} className="bo-card">
        <h2 id={`${id}-content`}>Content</h2>
        <div className={fieldStyles.field}>
          <label htmlFor={`${id}-description`} className={fieldStyles.label}>
            Description (HTML)
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            className={fieldStyles.control}
            rows={5}
            value={draft.description}
            readOnly={readOnly}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${id}-description-error` : undefined}
            onChange={(event) => set('description', event.target.value)}
          />
          {errors.description && (
            <p id={`${id}-description-error`} className={fieldStyles.error}>
              {errors.description}
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby={`${id}-seo`} className="bo-card">
        <h2 id={`${id}-seo`}>Search engines</h2>
        {text('metaTitle', 'Meta title', creating ? 'Leave empty to use the name' : undefined)}
        {text('metaDescription', 'Meta description')}
      </section>

      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {!readOnly && (
        <p>
          <Button type="submit" busy={saving} disabled={saving}>
            {creating ? 'Create category' : 'Save changes'}
          </Button>
        </p>
      )}
    </form>
  );
}

/** "Move under": another parent, anywhere but below itself; it goes last there. */
function MoveSection({
  category,
  tree,
  onMoved,
}: {
  category: Category;
  tree: readonly TreeCategory[];
  onMoved: () => void;
}) {
  const me = useStaff();
  const toast = useToast();
  const id = useId();
  const [parentId, setParentId] = useState(category.parentId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const selectRef = useRef<HTMLSelectElement>(null);
  const location = useLocation();
  useEffect(() => {
    // "Move to…" in the tree opens this page at #move: the choice takes the focus.
    if (location.hash === '#move') selectRef.current?.focus();
  }, [location.hash]);
  if (me.role === 'VIEWER') return null;
  const choices = parentChoices(tree, category.id);
  const move = async (event: FormEvent) => {
    event.preventDefault();
    if (moving) return;
    if (parentId === category.parentId) {
      setError(`${category.name} is already there: choose another parent.`);
      selectRef.current?.focus();
      return;
    }
    setMoving(true);
    setError(null);
    try {
      const moved = (await request(MoveCategory, { id: category.id, parentId })).moveCategory;
      toast.show(`${moved.name} moved under ${moved.pathNames.slice(0, -1).join(' / ')}.`, { tone: 'success' });
      onMoved();
    } catch (caught) {
      setError(messageOf(caught));
      selectRef.current?.focus();
    } finally {
      setMoving(false);
    }
  };
  return (
    <section id="move" aria-labelledby={`${id}-move`} className="bo-card">
      <h2 id={`${id}-move`}>Move</h2>
      <form className="bo-subform" onSubmit={(e) => void move(e)} noValidate>
        <Select
          ref={selectRef}
          label="Move under"
          name="parentId"
          hint="It goes last there, with everything below it; its old addresses redirect to the new ones"
          value={parentId}
          error={error ?? undefined}
          options={choices}
          onChange={(event) => setParentId(event.target.value)}
        />
        <p>
          <Button type="submit" variant="secondary" busy={moving} disabled={moving}>
            Move
          </Button>
        </p>
      </form>
    </section>
  );
}

/** Delete, after a confirmation; the server refuses a category that is not empty, and says why. */
function DeleteSection({ category }: { category: Category }) {
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me.role === 'VIEWER') return null;
  const empty = category.childCount === 0 && category.productCount === 0;
  const remove = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      await request(DeleteCategory, { id: category.id });
      toast.show(`${category.name} is deleted.`, { tone: 'success' });
      void navigate('/categories');
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setRunning(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-delete`} className="bo-card">
      <h2 id={`${id}-delete`}>Delete</h2>
      <p className="bo-muted">
        {empty
          ? 'It holds no products and no subcategories, so it can be deleted. Its address stops working.'
          : 'Only an empty category can be deleted: move its subcategories and take its products out first.'}
      </p>
      <Button variant="secondary" disabled={!empty} onClick={() => setConfirming(true)}>
        Delete category
      </Button>
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete ${category.name}?`}>
        <p>The category and its address go for good. This cannot be undone.</p>
        {error && (
          <p className="bo-inline-error" role="alert">
            {error}
          </p>
        )}
        <div className="bo-action-row">
          <Button busy={running} onClick={() => void remove()}>
            Yes, delete it
          </Button>
          <Button variant="secondary" disabled={running} onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      </Modal>
    </section>
  );
}
