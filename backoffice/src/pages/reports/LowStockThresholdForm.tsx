import { useRef, useState } from 'react';
import { Button } from '@vela/ui/Button';
import { Field } from '@vela/ui/Field';
import { graphql } from '../../__generated__';
import { request } from '../../api/client';
import { useFormSave } from '../../common/form';
import { ErrorMessage } from '../../common/ui';
import { useT } from '../../common/useT';
import { rm } from './reportMessages';

// The low-stock report's threshold: owners change it (it configures the shop), others read it.

const SetLowStockThresholdMutation = graphql(`
  mutation SetLowStockThreshold($threshold: Int!) {
    setLowStockThreshold(threshold: $threshold)
  }
`);

export function LowStockThresholdForm({
  threshold,
  canChange,
  onSaved,
}: {
  threshold: number;
  canChange: boolean;
  onSaved: () => void;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const [value, setValue] = useState(String(threshold));
  const [savedValue, setSavedValue] = useState(threshold);
  const { errors, formError, saving, save } = useFormSave(formRef, t(rm.thresholdSaved, { threshold: value.trim() }));
  if (!canChange) return <p className="bo-muted">{`${t(rm.threshold)} ${savedValue}`}</p>;
  const submit = () => {
    const parsed = Number(value.trim());
    const valid = /^\d{1,6}$/.test(value.trim()) && parsed <= 100_000;
    void save({ threshold: valid ? undefined : t(rm.thresholdHint) }, async () => {
      await request(SetLowStockThresholdMutation, { threshold: parsed });
      setSavedValue(parsed);
      onSaved();
    });
  };
  return (
    <form
      ref={formRef}
      className="bo-action-row"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        label={t(rm.threshold)}
        hint={t(rm.thresholdHint)}
        name="threshold"
        inputMode="numeric"
        value={value}
        error={errors.threshold}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" busy={saving}>
        {t(rm.saveThreshold)}
      </Button>
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
    </form>
  );
}
