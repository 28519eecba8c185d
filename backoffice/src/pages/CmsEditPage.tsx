import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import fieldStyles from '@vela/ui/Field.module.css';
import { FieldFrame, describedBy } from '@vela/ui/FieldFrame';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { Icon } from '@vela/ui/Icon';
import { Modal } from '@vela/ui/Modal';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../__generated__';
import type { AdminCmsBlockFieldsFragment, AdminCmsPageFieldsFragment } from '../__generated__/graphql';
import { ApiError, request } from '../api/client';
import { useStaff } from '../api/session';
import { useQuery } from '../api/useQuery';
import { PageHeading } from '../common/PageHeading';
import { EmptyState, ErrorMessage, Loading } from '../common/ui';
import { CmsPreview } from './CmsPreview';
import { ActiveBadge } from './ContentPage';
import { messageOf } from '../common/errorText';

// One editor for content pages (/content/pages/:id, /content/pages/new) and blocks
// (/content/blocks/:id, /content/blocks/new): the fields, the HTML with its preview beside it,
// and delete after a confirmation.

graphql(`
  fragment AdminCmsPageFields on AdminCmsPage {
    id
    identifier
    title
    contentHeading
    content
    metaTitle
    metaDescription
    metaKeywords
    active
    role
    storefrontPath
  }
`);

graphql(`
  fragment AdminCmsBlockFields on AdminCmsBlock {
    id
    identifier
    title
    content
    active
  }
`);

const CmsPageQuery = graphql(`
  query AdminCmsPage($id: ID!) {
    cmsPage(id: $id) {
      ...AdminCmsPageFields
    }
  }
`);

const CmsBlockQuery = graphql(`
  query AdminCmsBlock($id: ID!) {
    cmsBlock(id: $id) {
      ...AdminCmsBlockFields
    }
  }
`);

const CreateCmsPage = graphql(`
  mutation CreateCmsPage($input: AdminCmsPageInput!) {
    createCmsPage(input: $input) {
      ...AdminCmsPageFields
    }
  }
`);

const UpdateCmsPage = graphql(`
  mutation UpdateCmsPage($id: ID!, $input: AdminCmsPageInput!) {
    updateCmsPage(id: $id, input: $input) {
      ...AdminCmsPageFields
    }
  }
`);

const DeleteCmsPage = graphql(`
  mutation DeleteCmsPage($id: ID!) {
    deleteCmsPage(id: $id)
  }
`);

const CreateCmsBlock = graphql(`
  mutation CreateCmsBlock($input: AdminCmsBlockInput!) {
    createCmsBlock(input: $input) {
      ...AdminCmsBlockFields
    }
  }
`);

const UpdateCmsBlock = graphql(`
  mutation UpdateCmsBlock($id: ID!, $input: AdminCmsBlockInput!) {
    updateCmsBlock(id: $id, input: $input) {
      ...AdminCmsBlockFields
    }
  }
`);

const DeleteCmsBlock = graphql(`
  mutation DeleteCmsBlock($id: ID!) {
    deleteCmsBlock(id: $id)
  }
`);

type CmsPage = AdminCmsPageFieldsFragment;
type CmsBlock = AdminCmsBlockFieldsFragment;
type Kind = 'page' | 'block';

type FieldName =
  'identifier' | 'title' | 'contentHeading' | 'content' | 'metaTitle' | 'metaDescription' | 'metaKeywords' | 'active';
const FIELDS: readonly FieldName[] = [
  'identifier',
  'title',
  'contentHeading',
  'content',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
  'active',
];

interface Draft {
  identifier: string;
  title: string;
  contentHeading: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  active: boolean;
}

const REQUIRED = 'This field is required';

function draftOf(item: Partial<CmsPage> | null): Draft {
  return {
    identifier: item?.identifier ?? '',
    title: item?.title ?? '',
    contentHeading: item?.contentHeading ?? '',
    content: item?.content ?? '',
    metaTitle: item?.metaTitle ?? '',
    metaDescription: item?.metaDescription ?? '',
    metaKeywords: item?.metaKeywords ?? '',
    active: item?.active ?? true,
  };
}

const ROLE_NOTES = {
  HOME: "This is the shop's home page: it cannot be disabled, deleted or given another URL key.",
  NO_ROUTE:
    'Shoppers see this page at an address that leads nowhere: it cannot be disabled, deleted or given another URL key.',
} as const;

function BackLink() {
  return (
    <p className="bo-back">
      <Link to="/content">
        <Icon icon={ArrowLeft} size={18} />
        All content
      </Link>
    </p>
  );
}

function BlockBackLink() {
  return (
    <p className="bo-back">
      <Link to="/content?kind=blocks">
        <Icon icon={ArrowLeft} size={18} />
        All blocks
      </Link>
    </p>
  );
}

export function CmsPageEditPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsPageQuery, { id });
  const page = data?.cmsPage;
  const title = page?.title ?? 'Page';
  return (
    <>
      <BackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the page…" />}
      {data && !page && <EmptyState>There is no such page. Find it in the list of content.</EmptyState>}
      {page && (
        <>
          <CmsForm key={page.id} kind="page" item={page} onSaved={(next) => setData({ cmsPage: next as CmsPage })} />
          <DeleteSection kind="page" item={page} blocked={page.role ? ROLE_NOTES[page.role] : null} />
        </>
      )}
    </>
  );
}

export function NewCmsPagePage() {
  const navigate = useNavigate();
  return (
    <>
      <BackLink />
      <PageHeading title="New page">New page</PageHeading>
      <CmsForm
        kind="page"
        item={null}
        onSaved={(next) => void navigate(`/content/pages/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}

export function CmsBlockEditPage() {
  const { id = '' } = useParams();
  const { data, error, loading, refetch, setData } = useQuery(CmsBlockQuery, { id });
  const block = data?.cmsBlock;
  const title = block?.title ?? 'Block';
  return (
    <>
      <BlockBackLink />
      <PageHeading title={title}>{title}</PageHeading>
      {error && <ErrorMessage onRetry={refetch}>{error.message}</ErrorMessage>}
      {!data && loading && <Loading label="Loading the block…" />}
      {data && !block && <EmptyState>There is no such block. Find it in the list of content.</EmptyState>}
      {block && (
        <>
          <CmsForm key={block.id} kind="block" item={block} onSaved={(next) => setData({ cmsBlock: next })} />
          <DeleteSection kind="block" item={block} blocked={null} />
        </>
      )}
    </>
  );
}

export function NewCmsBlockPage() {
  const navigate = useNavigate();
  return (
    <>
      <BlockBackLink />
      <PageHeading title="New block">New block</PageHeading>
      <CmsForm
        kind="block"
        item={null}
        onSaved={(next) => void navigate(`/content/blocks/${next.id}`, { state: { created: true } })}
      />
    </>
  );
}

function CmsForm({
  kind,
  item,
  onSaved,
}: {
  kind: Kind;
  item: CmsPage | CmsBlock | null;
  onSaved: (item: CmsPage | CmsBlock) => void;
}) {
  const me = useStaff();
  const toast = useToast();
  const id = useId();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const readOnly = me.role === 'VIEWER';
  const creating = item === null;
  const page = kind === 'page' && item ? (item as CmsPage) : null;
  const role = page?.role ?? null;
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The preview follows the typing without holding it up.
  const previewHtml = useDeferredValue(draft.content);
  const noun = kind === 'page' ? 'page' : 'block';

  useEffect(() => {
    if ((location.state as { created?: boolean } | null)?.created)
      toast.show(`The ${noun} is created.`, { tone: 'success' });
    // Once per page: the state stays with the history entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.title.trim()) found.title = REQUIRED;
    if (!draft.identifier.trim()) found.identifier = REQUIRED;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const common = {
      identifier: draft.identifier.trim(),
      title: draft.title.trim(),
      content: draft.content,
      active: draft.active,
    };
    const pageOnly = {
      contentHeading: draft.contentHeading.trim() || null,
      metaTitle: draft.metaTitle.trim() || null,
      metaDescription: draft.metaDescription.trim() || null,
      metaKeywords: draft.metaKeywords.trim() || null,
    };
    setSaving(true);
    try {
      let saved: CmsPage | CmsBlock;
      if (kind === 'page') {
        // The home and "not found" pages keep their URL key and stay enabled: those are not sent.
        const input = role ? { title: common.title, content: common.content, ...pageOnly } : { ...common, ...pageOnly };
        saved = creating
          ? (await request(CreateCmsPage, { input })).createCmsPage
          : (await request(UpdateCmsPage, { id: item.id, input })).updateCmsPage;
      } else {
        saved = creating
          ? (await request(CreateCmsBlock, { input: common })).createCmsBlock
          : (await request(UpdateCmsBlock, { id: item.id, input: common })).updateCmsBlock;
      }
      if (!creating) {
        toast.show(`The ${noun} is saved.`, { tone: 'success' });
        setDraft(draftOf(saved));
      }
      onSaved(saved);
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError && FIELDS.includes(caught.field as FieldName) ? (caught.field as FieldName) : null;
      if (field) {
        setErrors({ [field]: message });
        focusFirstInvalid(formRef);
      } else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

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
        {item && (
          <p className="bo-muted">
            <ActiveBadge active={item.active} />{' '}
            {page?.storefrontPath && item.active && (
              <a href={page.storefrontPath} target="_blank" rel="noreferrer">
                See it on the storefront
              </a>
            )}
          </p>
        )}
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
          <label className="bo-check">
            <input
              type="checkbox"
              name="active"
              checked={draft.active}
              disabled={readOnly || role !== null}
              aria-describedby={errors.active ? `${id}-active-error` : undefined}
              onChange={(event) => set('active', event.target.checked)}
            />
            Enabled: shoppers can see it
          </label>
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
          <FieldFrame
            controlId={contentId}
            label="HTML"
            hint="Scripts, frames, style and event attributes, and unsafe links are taken out when saved; the preview shows the result."
            error={errors.content}
            hintId={`${contentId}-hint`}
            errorId={`${contentId}-error`}
          >
            <textarea
              id={contentId}
              name="content"
              className={`${fieldStyles.control} bo-content-html`}
              rows={14}
              spellCheck={false}
              value={draft.content}
              readOnly={readOnly}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={describedBy(
                'hint',
                errors.content,
                `${contentId}-hint`,
                `${contentId}-error`,
                undefined,
              )}
              onChange={(event) => set('content', event.target.value)}
            />
          </FieldFrame>
        </section>

        {kind === 'page' && (
          <section aria-labelledby={`${id}-seo`} className="bo-card">
            <h2 id={`${id}-seo`}>Search engines</h2>
            {text('metaTitle', 'Meta title')}
            {text('metaDescription', 'Meta description')}
            {text('metaKeywords', 'Meta keywords')}
          </section>
        )}

        {formError && <ErrorMessage>{formError}</ErrorMessage>}
        {!readOnly && (
          <p>
            <Button type="submit" busy={saving} disabled={saving}>
              {creating ? `Create ${noun}` : 'Save changes'}
            </Button>
          </p>
        )}
      </form>
      <CmsPreview
        html={previewHtml}
        heading={kind === 'page' ? draft.contentHeading.trim() || draft.title.trim() || null : null}
      />
    </div>
  );
}

/** Delete, after a confirmation; the home and "not found" pages cannot be deleted. */
function DeleteSection({ kind, item, blocked }: { kind: Kind; item: CmsPage | CmsBlock; blocked: string | null }) {
  const me = useStaff();
  const toast = useToast();
  const navigate = useNavigate();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (me.role === 'VIEWER') return null;
  const noun = kind === 'page' ? 'page' : 'block';
  const remove = async () => {
    if (running) return;
    setRunning(true);
    setError(null);
    try {
      if (kind === 'page') await request(DeleteCmsPage, { id: item.id });
      else await request(DeleteCmsBlock, { id: item.id });
      toast.show(`${item.title} is deleted.`, { tone: 'success' });
      void navigate(kind === 'page' ? '/content' : '/content?kind=blocks');
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
        {blocked ??
          (kind === 'page'
            ? 'The page and its address go for good; links to it lead to the "page not found" page.'
            : 'The block goes for good; the places that showed it show nothing.')}
      </p>
      <Button variant="secondary" disabled={blocked !== null} onClick={() => setConfirming(true)}>
        Delete {noun}
      </Button>
      {error && !confirming && (
        <p className="bo-inline-error" role="alert">
          {error}
        </p>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete ${item.title}?`}>
        <p>This cannot be undone.</p>
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
