import { type FormEvent, type RefObject } from 'react';
import { fieldMessages } from '@vela/ui/fieldMessages';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useFormSave } from '../../common/form';
import { useT } from '../../common/useT';
import { fieldOfMessage } from '../promotionText';
import { type Draft, FIELD_OF_LABEL, type FieldName, type Promotion, minorPerUnit } from './promotionDraft';
import { actionJson, conditionsJson } from './conditionRows';
import { cm } from './conditionMessages';
import { m } from './promotionMessages';

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
  const t = useT();
  const creating = promotion === null;
  const { errors, formError, saving, save } = useFormSave(formRef, t(creating ? m.created : m.saved), {
    fieldOf: (error) => (error.category === 'graphql-input' ? fieldOfMessage(error.message, FIELD_OF_LABEL) : null),
    repeatAbove: false,
  });

  const number = (value: string) => Number(value.trim().replace(',', '.'));
  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    const required = t(fieldMessages.required);
    if (!draft.name.trim()) found.name = required;
    if (!draft.label.trim()) found.label = required;
    if (draft.action !== 'FREE_SHIPPING') {
      const amount = number(draft.amount);
      if (!draft.amount.trim()) found.amount = required;
      else if (!Number.isFinite(amount) || amount <= 0)
        found.amount = t(draft.action === 'BY_PERCENT' ? m.percentInvalid : m.amountInvalid);
      else if (draft.action === 'BY_PERCENT' && amount > 100) found.amount = t(m.percentTooHigh);
    }
    if (draft.minSubtotal.trim() && !(number(draft.minSubtotal) >= 0)) found.minSubtotal = t(m.minSubtotalInvalid);
    if (draft.fromDate && draft.toDate && draft.toDate < draft.fromDate) found.toDate = t(m.endBeforeStart);
    if (draft.usesLimit.trim() && !/^[1-9]\d*$/.test(draft.usesLimit.trim())) found.usesLimit = t(m.limitInvalid);
    if (!/^-?\d+$/.test(draft.sortOrder.trim())) found.sortOrder = t(m.sortOrderInvalid);
    const whole = /^[1-9]\d*$/;
    if (draft.usesPerCustomer.trim() && !whole.test(draft.usesPerCustomer.trim()))
      found.usesPerCustomer = t(cm.wholeNumber);
    if (draft.discountQty.trim() && !whole.test(draft.discountQty.trim())) found.discountQty = t(cm.wholeNumber);
    if (draft.action === 'BUY_X_GET_Y') {
      if (!whole.test(draft.discountStep.trim())) found.discountStep = t(cm.wholeNumber);
      if (!whole.test(draft.amount.trim())) found.amount = t(cm.wholeNumber);
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const found = validate();
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
      conditions:
        draft.conditions === null
          ? draft.rawConditions
          : conditionsJson(draft.conditions, minorPerUnit(promotion?.minSubtotal.currency ?? 'USD')),
      actionConditions: draft.rawActionConditions ?? actionJson(draft.applyTo),
      customerGroupIds: draft.groupIds.map(Number),
      usesPerCustomer: draft.usesPerCustomer.trim() ? Number(draft.usesPerCustomer.trim()) : null,
      stopRulesProcessing: draft.stopRules,
      discountStep: draft.action === 'BUY_X_GET_Y' ? Number(draft.discountStep.trim()) : null,
      discountQty: draft.discountQty.trim() ? Number(draft.discountQty.trim()) : null,
      freeShipping: draft.freeShipping,
      // Labels per store view are not edited here: an edit keeps them.
      storeLabels: (promotion?.storeLabels ?? []).map(({ storeId, label }) => ({ storeId, label })),
    };
    await save(found, async () => {
      const saved = creating
        ? (await request(CreatePromotion, { input: { ...input, couponCode: draft.couponCode.trim() || null } }))
            .createPromotion
        : (await request(UpdatePromotion, { id: promotion.id, input })).updatePromotion;
      onSaved(saved);
    });
  };

  return { errors, formError, saving, submit };
}
