import { type FormEvent, type RefObject } from 'react';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { type CmsBlock, type CmsPage, type Draft, draftOf, FIELDS, type FieldName, type Kind } from './cmsDraft';
import { m } from './cmsMessages';

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
  const t = useT();
  const creating = item === null;
  const role = kind === 'page' && item ? ((item as CmsPage).role ?? null) : null;
  // A new page or block says so on its own page (useCreatedToast).
  const { errors, formError, saving, save } = useFormSave(formRef, creating ? null : t(m.saved, { kind }), {
    fieldOf: (error) => (FIELDS.includes(error.field as FieldName) ? error.field : null),
    repeatAbove: false,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const required = t(fieldMessages.required);
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.title.trim()) found.title = required;
    if (!draft.identifier.trim()) found.identifier = required;
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
    await save(found, async () => {
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
      if (!creating) setDraft(draftOf(saved));
      onSaved(saved);
    });
  };

  return { errors, formError, saving, submit };
}
