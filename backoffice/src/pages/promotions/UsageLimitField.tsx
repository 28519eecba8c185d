import { Field } from '@vela/ui/Field';
import { useT } from '../../common/useT';
import { m } from './promotionMessages';

/** A code's usage limit as typed: orders per code, empty for none. */
export function UsageLimitField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <Field
      label={t(m.usageLimit)}
      hint={t(m.usageLimitHint)}
      name="usageLimit"
      inputMode="numeric"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
