import { type FormEvent, type RefObject, useState } from 'react';
import { focusFirstInvalid } from '@vela/ui/focusFirstInvalid';
import { useToast } from '@vela/ui/Toast';
import { graphql } from '../../__generated__';
import { ApiError, request } from '../../api/client';
import { messageOf } from '../../common/errorText';
import { fieldOfMessage } from '../promotionText';
import { type Draft, FIELD_OF_LABEL, type FieldName, type Promotion, REQUIRED } from './promotionDraft';

const CreatePromotion = graphql(`
  mutation CreatePromotion($input: AdminNewPromotionInput!) {
    createPromotion(input: $input) {
      ...AdminPromotionFields
    }
  }
`);

const UpdatePromotion = graphql(`
  mutation UpdatePromotion($id: ID!, $input: AdminPromotionInput!) {
    updatePromotion(id: $id, input: $input) {
      ...AdminPromotionFields
    }
  }
`);

/** Creating or saving the rule: the form's checks, then the server's, each shown beside its field. */
export function usePromotionSave({
  promotion,
  draft,
  formRef,
  readOnly,
  onSaved,
}: {
  promotion: Promotion | null;
  draft: Draft;
  formRef: RefObject<HTMLFormElement | null>;
  readOnly: boolean;
  onSaved: (next: Promotion) => void;
}) {
  const toast = useToast();
  const creating = promotion === null;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const number = (value: string) => Number(value.trim().replace(',', '.'));
  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (!draft.name.trim()) found.name = REQUIRED;
    if (!draft.label.trim()) found.label = REQUIRED;
    if (draft.action !== 'FREE_SHIPPING') {
      const amount = number(draft.amount);
      if (!draft.amount.trim()) found.amount = REQUIRED;
      else if (!Number.isFinite(amount) || amount <= 0)
        found.amount = draft.action === 'BY_PERCENT' ? 'Enter a percentage such as 10.' : 'Enter an amount such as 5.';
      else if (draft.action === 'BY_PERCENT' && amount > 100) found.amount = 'A percentage is at most 100.';
    }
    if (draft.minSubtotal.trim() && !(number(draft.minSubtotal) >= 0))
      found.minSubtotal = 'Enter an amount such as 50, or leave it empty.';
    if (draft.fromDate && draft.toDate && draft.toDate < draft.fromDate)
      found.toDate = 'The end must be on or after the start.';
    if (draft.usesLimit.trim() && !/^[1-9]\d*$/.test(draft.usesLimit.trim()))
      found.usesLimit = 'Enter a whole number, 1 or more, or leave it empty for no limit.';
    if (!/^-?\d+$/.test(draft.sortOrder.trim())) found.sortOrder = 'Enter a whole number such as 0.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found = validate();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef);
      return;
    }
    const input = {
      name: draft.name.trim(),
      label: draft.label.trim(),
      action: draft.action,
      amount: draft.action === 'FREE_SHIPPING' ? null : number(draft.amount),
      minSubtotal: draft.minSubtotal.trim() ? number(draft.minSubtotal) : 0,
      fromDate: draft.fromDate || null,
      toDate: draft.toDate || null,
      usesLimit: draft.usesLimit.trim() ? Number(draft.usesLimit.trim()) : null,
      sortOrder: Number(draft.sortOrder.trim()),
      // The state is switched in the status card; an edit keeps what the rule has now.
      active: creating ? draft.active : promotion.active,
    };
    setSaving(true);
    try {
      const saved = creating
        ? (await request(CreatePromotion, { input: { ...input, couponCode: draft.couponCode.trim() || null } }))
            .createPromotion
        : (await request(UpdatePromotion, { id: promotion.id, input })).updatePromotion;
      toast.show(creating ? 'The promotion is created.' : 'The promotion is saved.', { tone: 'success' });
      onSaved(saved);
    } catch (caught) {
      const message = messageOf(caught);
      const field =
        caught instanceof ApiError && caught.category === 'graphql-input'
          ? fieldOfMessage(message, FIELD_OF_LABEL)
          : null;
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
