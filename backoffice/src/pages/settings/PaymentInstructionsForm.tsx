import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import type { PaymentInstructionsFieldsFragment } from '../../__generated__/graphql';
import { request } from '../../api/client';
import { FormFooter, Section, type FieldErrors, useFormSave } from '../../common/form';
import { TextareaField } from '../../common/TextareaField';
import { useT } from '../../common/useT';
import { m } from './settingsMessages';

const UpdatePaymentInstructions = graphql(`
  mutation UpdatePaymentInstructions($input: PaymentInstructionsInput!) {
    updatePaymentInstructions(input: $input) {
      ...PaymentInstructionsFields
    }
  }
`);

type Draft = Omit<PaymentInstructionsFieldsFragment, '__typename'>;

/** The server's limits, checked here first so the owner is told before sending. */
const MAX_LINE = 255;
const MAX_TEXT = 1000;

function draftOf(saved: PaymentInstructionsFieldsFragment): Draft {
  return {
    checkPayableTo: saved.checkPayableTo,
    checkSendTo: saved.checkSendTo,
    bankTransfer: saved.bankTransfer,
    cashOnDelivery: saved.cashOnDelivery,
  };
}

/**
 * What shoppers who pay offline are told at the payment step, on the confirmation, in the mail
 * and in their account: the check's payee and address, the bank-transfer and cash-on-delivery
 * instructions. An empty field tells them nothing.
 */
export function PaymentInstructionsForm({
  instructions,
  readOnly,
}: {
  instructions: PaymentInstructionsFieldsFragment;
  readOnly: boolean;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(instructions));
  const { errors, formError, saving, save } = useFormSave(formRef, t(m.instructionsSaved));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || readOnly) return;
    const trimmed: Draft = {
      checkPayableTo: draft.checkPayableTo.trim(),
      checkSendTo: draft.checkSendTo.trim(),
      bankTransfer: draft.bankTransfer.trim(),
      cashOnDelivery: draft.cashOnDelivery.trim(),
    };
    const tooLong = (value: string, max: number) =>
      [...value].length > max ? t(m.instructionsTooLong, { max }) : undefined;
    const found: FieldErrors = {
      checkPayableTo: tooLong(trimmed.checkPayableTo, MAX_LINE),
      checkSendTo: tooLong(trimmed.checkSendTo, MAX_TEXT),
      bankTransfer: tooLong(trimmed.bankTransfer, MAX_TEXT),
      cashOnDelivery: tooLong(trimmed.cashOnDelivery, MAX_TEXT),
    };
    void save(found, async () => {
      const saved = (await request(UpdatePaymentInstructions, { input: trimmed })).updatePaymentInstructions;
      setDraft(draftOf(saved));
    });
  };
  const text = (name: keyof Draft) => ({
    name,
    readOnly,
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <Section id="settings-payment-instructions" title={t(m.instructions)}>
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="settings-payment-instructions">
        <p className="bo-muted">{t(m.instructionsHint)}</p>
        <div className="bo-form-row">
          <Field label={t(m.checkPayableTo)} {...text('checkPayableTo')} />
          <TextareaField label={t(m.checkSendTo)} rows={4} {...text('checkSendTo')} />
        </div>
        <div className="bo-form-row">
          <TextareaField
            label={t(m.bankTransferInstructions)}
            hint={t(m.bankTransferHint)}
            rows={4}
            {...text('bankTransfer')}
          />
          <TextareaField label={t(m.cashOnDeliveryInstructions)} rows={4} {...text('cashOnDelivery')} />
        </div>
        <FormFooter error={formError} saving={saving} readOnly={readOnly} label={t(m.saveInstructions)} />
      </form>
    </Section>
  );
}
