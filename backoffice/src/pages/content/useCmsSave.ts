import { type FormEvent, type RefObject, useState } from 'react';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { ApiError, request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import {
  type CmsBlock,
  type CmsPage,
  type Draft,
  draftOf,
  FIELDS,
  type FieldName,
  type Kind,
  REQUIRED,
} from './cmsDraft';

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

/** Creating or saving a page or block: the form's checks, then the server's, each beside its field. */
export function useCmsSave({
  kind,
  item,
  draft,
  setDraft,
  formRef,
  readOnly,
  onSaved,
}: {
  kind: Kind;
  item: CmsPage | CmsBlock | null;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  formRef: RefObject<HTMLFormElement | null>;
  readOnly: boolean;
  onSaved: (item: CmsPage | CmsBlock) => void;
}) {
  const toast = useToast();
  const creating = item === null;
  const role = kind === 'page' && item ? ((item as CmsPage).role ?? null) : null;
  const noun = kind === 'page' ? 'page' : 'block';
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
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

  return { errors, formError, saving, submit };
}
